/**
 * Decision 026: the app server killed with SIGKILL between the charge and the webhook. The
 * provider's webhook finds nobody; after the restart, reconciliation reads the payment and the
 * order is paid exactly once. The server runs in its own process, as `npm start` runs it, on
 * PostgreSQL when DATABASE_URL is set and on PGlite in its data folder otherwise.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeNotchPay, startFakeNotchPay } from "../../test/fake-notchpay.ts";
import { call } from "../../test/harness.ts";
import { SERVER_ADMIN, type ServerPlace, serverPlace } from "../../test/server-process.ts";

let place: ServerPlace;
let fake: FakeNotchPay;
/** Settings that make the test quick. */
const settings = () => ({ ...fake.env, PAYMENT_RECONCILE_INTERVAL_MS: "300", PAYMENT_RECONCILE_AFTER_MS: "500" });

beforeAll(async () => {
  place = await serverPlace();
  fake = await startFakeNotchPay({ webhookUrl: `${place.base}/api/payments/webhooks/notchpay` });
});
afterAll(async () => {
  await fake?.close();
  await place?.close();
});

it("a charge whose server was killed before the webhook is paid exactly once after the restart", async () => {
  const base = place.base;
  let server = await place.start(settings());
  try {
    const signIn = await call(base, "POST", "/api/signin", {
      payload: SERVER_ADMIN,
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().data as string;
    const product = await call(base, "POST", "/api/upload-product", {
      token,
      payload: {
        productName: "Galaxy A15",
        brandName: "Samsung",
        category: "SAMSUNG",
        productImage: [],
        description: "Neuf",
        price: 95000,
        sellingPrice: 90000,
      },
    });
    expect(product.statusCode).toBe(201);
    expect(
      (await call(base, "POST", "/api/addtocart", { token, payload: { productId: product.json().data._id } }))
        .statusCode,
    ).toBe(201);
    const order = await call(base, "POST", "/api/orders/from-cart", { token, payload: { channel: "whatsapp" } });
    expect(order.statusCode).toBe(201);
    const reference = order.json().data.reference as string;

    // The customer confirms on the phone a second later; the webhook then finds nobody.
    fake.settings.settleAfterMs = 1000;
    fake.settings.webhookRetries = 0;
    const charge = await call(base, "POST", `/api/orders/${reference}/payments`, {
      token,
      payload: {
        operator: "mtn",
        phone: "677123456",
      },
    });
    expect(charge.statusCode).toBe(201);
    await server.kill();

    for (let i = 0; i < 100 && !fake.deliveries.length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(fake.deliveries).toHaveLength(1);
    expect(fake.deliveries[0]!.status).toBeNull();

    server = await place.start(settings());
    let state = "";
    for (let i = 0; i < 100 && state !== "paid"; i++) {
      state = (await call(base, "GET", `/api/payments/${charge.json().data._id}`)).json().data.state as string;
      if (state !== "paid") await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe("paid");
    const detail = await call(base, "GET", `/api/admin/orders/${reference}`, { token });
    expect(detail.json().data.status).toBe("payée");
    const history = detail.json().data.history as { toStatus: string }[];
    expect(history.filter((h) => h.toStatus === "payée")).toHaveLength(1);
    expect(detail.json().data.payments as unknown[]).toHaveLength(1);
    expect(fake.payments()).toHaveLength(1);
    // Once more for good measure: the provider's late retry of the webhook changes nothing.
    expect(await fake.sendWebhook(fake.payments()[0]!.reference, { type: "payment.complete" })).toBe(200);
    const after = await call(base, "GET", `/api/admin/orders/${reference}`, { token });
    expect((after.json().data.history as { toStatus: string }[]).filter((h) => h.toStatus === "payée")).toHaveLength(1);
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await server.stop();
  }
}, 120_000);
