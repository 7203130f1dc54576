/**
 * Decision 026: the app server killed with SIGKILL between the charge and the webhook. The
 * provider's webhook finds nobody; after the restart, reconciliation reads the payment and the
 * order is paid exactly once. The server runs in its own process, as `npm start` runs it, on
 * PostgreSQL when DATABASE_URL is set and on PGlite in its data folder otherwise.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeNotchPay, startFakeNotchPay } from "../../test/fake-notchpay.ts";
import { call, freshDatabase } from "../../test/harness.ts";

const serverFile = path.join(import.meta.dirname, "..", "..", "server.ts");
const PASSWORD = "motdepasse-solide";

let fake: FakeNotchPay;
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: () => Promise<void> = async () => {};
let port: number;
let base: string;

/** A port nothing listens on now (the system's choice, not a random one in its ephemeral range). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  fake = await startFakeNotchPay({ webhookUrl: `${base}/api/payments/webhooks/notchpay` });
  dataDir = await mkdtemp(path.join(tmpdir(), "shop-crash-"));
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase();
    await fresh.database.close();
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
});
afterAll(async () => {
  await fake?.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

function startServer(): { child: ChildProcess; exited: Promise<unknown>; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, [serverFile], {
    env: {
      PATH: process.env.PATH ?? "",
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: PASSWORD,
      ...fake.env,
      PAYMENT_RECONCILE_INTERVAL_MS: "300",
      PAYMENT_RECONCILE_AFTER_MS: "500",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { child, exited, output: () => output };
}

async function healthy(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not become healthy");
}

it("a charge whose server was killed before the webhook is paid exactly once after the restart", async () => {
  let server = startServer();
  try {
    await healthy(server.child);
    const signIn = await call(base, "POST", "/api/signin", {
      payload: { email: "admin@boutique.local", password: PASSWORD },
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
    server.child.kill("SIGKILL");
    await server.exited;

    for (let i = 0; i < 100 && !fake.deliveries.length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(fake.deliveries).toHaveLength(1);
    expect(fake.deliveries[0]!.status).toBeNull();

    server = startServer();
    await healthy(server.child);
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
    server.child.kill("SIGTERM");
    await server.exited;
  }
}, 120_000);
