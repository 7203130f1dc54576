import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3199);
// The shop's log, for the journeys that read what it logged (e2e/serve.ts writes it). Set here,
// where both the server's launcher and the test workers read it.
process.env.E2E_SERVER_LOG ??= path.join(tmpdir(), `shop-e2e-${port}.log`);

// Mobile Money in the journeys (decision 026): the shop charges through the fake Notch Pay of
// apps/server/src/test/fake-notchpay.ts, started beside it, never the real one. Set here, so that
// both servers (they inherit this environment) and the test workers (which drive the fake through
// its /__fake/ paths at NOTCHPAY_API_URL) read the same values.
const fakeNotchPayPort = Number(process.env.E2E_NOTCHPAY_PORT ?? port + 1000);
// The push service's certificate (it makes one at each start): the shop trusts it through
// NODE_EXTRA_CA_CERTS, so the push service starts first (Playwright starts webServers in order).
const pushCert = path.join(tmpdir(), `shop-e2e-push-${port}.pem`);
Object.assign(process.env, {
  NOTCHPAY_PUBLIC_KEY: "pk_test_e2e_fake_notchpay",
  NOTCHPAY_PRIVATE_KEY: "sk_test_e2e_fake_notchpay",
  NOTCHPAY_WEBHOOK_HASH: "e2e-fake-notchpay-webhook-hash",
  NOTCHPAY_API_URL: `http://127.0.0.1:${fakeNotchPayPort}`,
  FAKE_NOTCHPAY_PORT: String(fakeNotchPayPort),
  FAKE_NOTCHPAY_WEBHOOK_URL: `http://127.0.0.1:${port}/api/payments/webhooks/notchpay`,
  // Forgotten passwords by e-mail (decision 032): through the local SMTP server of
  // apps/server/src/test/smtp-server.ts, whose HTTP port lists what it received.
  SMTP_URL: `smtp://127.0.0.1:${port + 2000}`,
  SMTP_FROM: "boutique@e2e.test",
  E2E_SMTP_MESSAGES: `http://127.0.0.1:${port + 2001}/messages`,
  // The admins' notifications (decision 033): the local push service of
  // apps/server/src/test/push-service.ts stands in for the browser's, whose HTTP port makes
  // subscriptions and lists the messages it received, decrypted.
  E2E_PUSH_SERVICE: `http://127.0.0.1:${port + 3001}`,
  // The shop's own numbers, for transfers by hand.
  SHOP_MOMO_MTN: "237670000001",
  SHOP_MOMO_ORANGE: "237690000002",
});

/** Browser journeys in Debian's Chromium (no browser download here); see e2e/. */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // CI asks for a JSON summary too (PLAYWRIGHT_JSON=<file>), to print one closing count.
  reporter: process.env.PLAYWRIGHT_JSON
    ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON }]]
    : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "fr-FR",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
        // Violation reports leave at once instead of in the Reporting API's minute-long batches.
        "--short-reporting-delay",
      ],
    },
  },
  projects: [
    { name: "mobile", use: { ...devices["Pixel 5"], viewport: { width: 360, height: 740 }, browserName: "chromium" } },
  ],
  webServer: [
    {
      command: "node apps/server/src/test/fake-notchpay.ts",
      port: fakeNotchPayPort,
      timeout: 30_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      command: `node apps/server/src/test/smtp-server.ts ${port + 2000} ${port + 2001}`,
      url: `http://127.0.0.1:${port + 2001}/messages`,
      timeout: 30_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      command: `node apps/server/src/test/push-service.ts ${port + 3000} ${port + 3001} ${pushCert}`,
      url: `http://127.0.0.1:${port + 3001}/messages`,
      timeout: 30_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      command: "node e2e/serve.ts",
      env: { NODE_EXTRA_CA_CERTS: pushCert },
      url: `http://127.0.0.1:${port}/api/health`,
      // Seeding the demo catalogue draws its pictures: up to two minutes on a busy 2-core machine.
      timeout: 300_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    },
  ],
});
