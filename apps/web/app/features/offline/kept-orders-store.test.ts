// The browser's IndexedDB, as the kept orders' store uses it (jsdom has none): a full implementation in memory.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissKeptOrder, keepOrder, keptOrders, sendKeptOrders } from "./kept-orders-store";

/** What the shop's API answers, one call after the other; each call's request is kept. */
function shopAnswers(...answers: (Response | Error)[]) {
  const calls: { url: string; body: BodyInit | null | undefined }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body });
      const next = answers.shift();
      if (!next) throw new Error("no more answers");
      if (next instanceof Error) throw next;
      return next;
    }),
  );
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const recorded = (reference: string) =>
  json(201, { success: true, error: false, message: "Commande enregistrée.", data: { reference, total: 1000 } });
const refused = (status: number, message: string) => json(status, { success: false, error: true, message });

const orderOf = async (key: string) => (await keptOrders()).find((o) => o.key === key);

const formOrder = (key: string) => ({
  key,
  form: {
    fields: [
      ["name", "Awa"],
      ["number", "677123456"],
    ] as [string, string][],
    // The file goes with it in the browser (e2e/offline.spec.ts); Node's IndexedDB here cannot
    // hold jsdom's Blob.
    file: null,
    fileName: "voulu.png",
  },
});

describe("the orders kept on the phone", () => {
  // Each test has its own keys: the orders of the others may still be kept.
  beforeEach(() => vi.stubGlobal("navigator", { onLine: true }));
  afterEach(() => vi.unstubAllGlobals());

  it("sends a kept form with its key, and keeps the reference the shop gave", async () => {
    const calls = shopAnswers(recorded("CMD-7K4Q"));
    await keepOrder(formOrder("a".repeat(32)));
    await sendKeptOrders();
    const order = await orderOf("a".repeat(32));
    expect(order).toMatchObject({ state: "sent", order: { reference: "CMD-7K4Q" } });
    const body = calls[0]?.body as FormData;
    expect(calls[0]?.url).toBe("/api/orders");
    expect(body.get("idempotencyKey")).toBe("a".repeat(32));
    expect(body.get("name")).toBe("Awa");
    await dismissKeptOrder("a".repeat(32));
    expect(await orderOf("a".repeat(32))).toBeUndefined();
  });

  it("keeps waiting through a network failure, a 429 and a 5xx, then sends under the same key", async () => {
    const calls = shopAnswers(
      new TypeError("Failed to fetch"),
      refused(429, "Trop de commandes."),
      refused(503, "Indisponible."),
      recorded("CMD-2DDG"),
    );
    await keepOrder(formOrder("b".repeat(32)));
    for (let round = 0; round < 3; round++) {
      await sendKeptOrders();
      expect((await orderOf("b".repeat(32)))?.state).toBe("waiting");
    }
    await sendKeptOrders();
    expect(await orderOf("b".repeat(32))).toMatchObject({ state: "sent", order: { reference: "CMD-2DDG" } });
    expect(new Set(calls.map((c) => (c.body as FormData).get("idempotencyKey")))).toEqual(new Set(["b".repeat(32)]));
  });

  it("shows the shop's refusal, and a waiting order cannot be closed", async () => {
    shopAnswers(refused(409, "Ce produit est épuisé."));
    await keepOrder(formOrder("c".repeat(32)));
    await dismissKeptOrder("c".repeat(32));
    expect((await orderOf("c".repeat(32)))?.state).toBe("waiting");
    await sendKeptOrders();
    expect(await orderOf("c".repeat(32))).toMatchObject({ state: "refused", message: "Ce produit est épuisé." });
    await dismissKeptOrder("c".repeat(32));
    expect(await orderOf("c".repeat(32))).toBeUndefined();
  });

  it("sends nothing while the phone is offline, and one round at a time", async () => {
    const calls = shopAnswers(recorded("CMD-AAAA"));
    await keepOrder(formOrder("d".repeat(32)));
    vi.stubGlobal("navigator", { onLine: false });
    await sendKeptOrders();
    expect(calls).toHaveLength(0);
    vi.stubGlobal("navigator", { onLine: true });
    await Promise.all([sendKeptOrders(), sendKeptOrders()]);
    expect(calls).toHaveLength(1);
  });

  it("sends a kept cart order with its channel, delivery and key", async () => {
    const calls = shopAnswers(recorded("CMD-BBBB"));
    await keepOrder({ key: "e".repeat(32), cart: { channel: "phone", delivery: { deliveryOptionId: "pickup" } } });
    await sendKeptOrders();
    expect(calls[0]?.url).toBe("/api/orders/from-cart");
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      channel: "phone",
      deliveryOptionId: "pickup",
      idempotencyKey: "e".repeat(32),
    });
    expect((await orderOf("e".repeat(32)))?.state).toBe("sent");
  });
});

describe("an order the phone cannot read", () => {
  beforeEach(() => vi.stubGlobal("navigator", { onLine: true }));
  afterEach(() => vi.unstubAllGlobals());

  it("is shown as refused, and does not hold back the others", async () => {
    shopAnswers(recorded("CMD-CCCC"));
    await keepOrder({ key: "f".repeat(32) });
    await keepOrder({ key: "g".repeat(32), cart: { channel: "whatsapp", delivery: {} } });
    await sendKeptOrders();
    const all = await keptOrders();
    expect(all.find((o) => o.key === "f".repeat(32))).toMatchObject({ state: "refused" });
    expect(all.find((o) => o.key === "g".repeat(32))).toMatchObject({ state: "sent" });
  });
});
