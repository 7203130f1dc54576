/// <reference path="../types/http_ece.d.ts" />
/**
 * A local Web Push service for the tests, written from the standards a browser's push service
 * follows: RFC 8030 (a POST to the subscription's endpoint, 201 Created; 404/410 for a
 * subscription that is gone), RFC 8292 (VAPID: `Authorization: vapid t=<JWT ES256>, k=<public
 * key>`, the JWT's `aud` the endpoint's origin, `exp` within 24 h, `sub` a mailto: or https:
 * contact) and RFC 8291 (the payload encrypted for the subscription's P-256 key and auth secret,
 * `Content-Encoding: aes128gcm`). It plays the browser too: `subscribe()` makes the keys a
 * browser would and answers the PushSubscription's JSON; messages are checked, decrypted and
 * kept. Over HTTPS, as every push service is (web-push speaks nothing else), with a certificate
 * made here by openssl that `agent` trusts. TEST-ONLY. Run by itself for the browser tests (the
 * end of this file).
 */
import { execFileSync } from "node:child_process";
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { decrypt } from "http_ece";

export interface ReceivedPush {
  subscription: string;
  payload: Record<string, unknown>;
  ttl: string | undefined;
  urgency: string | undefined;
}

export interface TestPushService {
  base: string;
  /** The HTTPS agent that trusts this service's certificate, for the app (BuildOptions.pushAgent). */
  agent: https.Agent;
  /** That certificate (PEM), for a process that trusts it otherwise (NODE_EXTRA_CA_CERTS). */
  cert: string;
  /** A browser's new subscription: its JSON, as PushSubscription.toJSON() gives it. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Makes the service answer 410 Gone for this subscription from now on (the browser dropped it). */
  expire(endpoint: string): void;
  received: ReceivedPush[];
  /** Requests refused (a VAPID or encryption fault), with why. */
  refused: string[];
  close(): Promise<void>;
}

const b64 = (s: string) => Buffer.from(s, "base64url");

function checkVapid(header: string | undefined, audience: string): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(header ?? "");
  if (!match) return "no VAPID authorization";
  const [head, claims, signature] = (match[1] as string).split(".") as [string, string, string];
  const key = b64(match[2] as string);
  if (key.length !== 65 || key[0] !== 4) return "the VAPID key is not an uncompressed P-256 point";
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: key.subarray(1, 33).toString("base64url"),
      y: key.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    b64(signature),
  );
  if (!signed) return "the VAPID signature does not verify";
  if (JSON.parse(b64(head).toString()).alg !== "ES256") return "the VAPID JWT is not ES256";
  const body = JSON.parse(b64(claims).toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== audience) return `the VAPID audience is ${body.aud}, not ${audience}`;
  const now = Date.now() / 1000;
  if (!body.exp || body.exp < now || body.exp > now + 24 * 3600) return "the VAPID expiry is not within 24 hours";
  if (!/^(mailto:|https:\/\/)/.test(body.sub ?? "")) return "the VAPID subject is not a mailto: or https: contact";
  return null;
}

export async function startTestPushService(port = 0): Promise<TestPushService> {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let base = "";
  const dir = mkdtempSync(path.join(tmpdir(), "shop-push-"));
  const [keyFile, certFile] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "ignore" },
  );
  const key = readFileSync(keyFile);
  const cert = readFileSync(certFile);
  rmSync(dir, { recursive: true, force: true });
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const browser = browsers.get(id);
      if (req.method !== "POST" || !browser) return res.writeHead(404).end();
      if (browser.gone) return res.writeHead(410).end();
      const fault =
        checkVapid(req.headers.authorization, base) ??
        (req.headers["content-encoding"] === "aes128gcm" ? null : "the payload is not aes128gcm");
      if (fault) {
        refused.push(fault);
        return res.writeHead(401).end(fault);
      }
      try {
        const clear = decrypt(Buffer.concat(chunks), {
          version: "aes128gcm",
          privateKey: browser.ecdh,
          authSecret: browser.auth,
        });
        received.push({
          subscription: `${base}/push/${id}`,
          payload: JSON.parse(clear.toString("utf8")),
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
        });
        res.writeHead(201, { location: `${base}/message/${randomUUID()}` }).end();
      } catch (error) {
        refused.push(`not decrypted: ${(error as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  const agent = new https.Agent({ ca: cert, keepAlive: false });
  return {
    base,
    agent,
    cert: cert.toString(),
    received,
    refused,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth, gone: false });
      return {
        endpoint: `${base}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    expire(endpoint) {
      const browser = browsers.get(endpoint.split("/").pop() ?? "");
      if (browser) browser.gone = true;
    },
    close: () => {
      agent.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// `node apps/server/src/test/push-service.ts <httpsPort> <httpPort> <certFile>`: for the browser
// tests (playwright.config.ts starts it before the shop, which trusts <certFile>, written before
// the HTTP port opens). On the HTTP port: `POST /subscriptions` answers a new browser's
// subscription (its JSON); `GET /messages?subscription=<endpoint>` the messages received for it,
// decrypted, oldest first; `GET /refused` the requests refused, with why.
if (import.meta.main) {
  const [pushPort, httpPort] = process.argv.slice(2, 4).map(Number);
  const certFile = process.argv[4];
  if (!certFile) throw new Error("usage: push-service.ts <httpsPort> <httpPort> <certFile>");
  const push = await startTestPushService(pushPort);
  writeFileSync(certFile, push.cert);
  const { createServer } = await import("node:http");
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "POST" && url.pathname === "/subscriptions") return answer(201, push.subscribe());
    if (req.method === "GET" && url.pathname === "/messages") {
      const subscription = url.searchParams.get("subscription");
      return answer(
        200,
        push.received.filter((m) => !subscription || m.subscription === subscription),
      );
    }
    if (req.method === "GET" && url.pathname === "/refused") return answer(200, push.refused);
    answer(404, null);
  });
  http.listen(httpPort, "127.0.0.1", () =>
    console.log(`Test push service on ${push.base}, its messages on :${httpPort}, its certificate in ${certFile}`),
  );
  const stop = () => {
    rmSync(certFile, { force: true });
    http.close();
    void push.close().then(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
