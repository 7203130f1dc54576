// The browser's IndexedDB, as the kept orders' store uses it (jsdom has none): a full implementation in memory.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ApiAnswer, ok, refused, stubApi } from "../../test/api";
import { anOrder } from "../../test/builders";
import { dismissKeptOrder, keepOrder, keptOrders, sendKeptOrders } from "./kept-orders-store";

/** The shop answers the orders sent (from the form or the cart) one after the other; each call is kept. */
function shopAnswers(...answers: (ApiAnswer | Error)[]) {
  const next = () => answers.shift() ?? new Error("no more answers");
  return stubApi({ "POST /api/orders": next, "POST /api/orders/from-cart": next }).calls;
}

const recorded = (reference: string) => ok("Commande enregistrée.", anOrder({ reference }));

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
    expect(calls[0]?.route).toBe("POST /api/orders");
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
    expect(calls[0]?.route).toBe("POST /api/orders/from-cart");
    expect(calls[0]?.body).toEqual({
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
