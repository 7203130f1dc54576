/**
 * The MDN HTTP Observatory's tests (docs/security.md: A+ everywhere) on the pages and answers a scanner
 * would try: the production server on a fresh demo catalogue (shop-server.ts) behind a local
 * TLS front that does what the deployment's proxy does (HTTPS with X-Forwarded-Proto, plain
 * http redirected to https), scanned by the observatory's own retriever and tests, graded as
 * its scanner grades. See docs/security.md.
 *
 * The observatory is not a dependency of the shop (its server brings Sentry, a PostgreSQL
 * driver with a native build and 230 packages): the first run installs it without its install
 * scripts into node_modules/.cache, writes the empty HSTS preload list those scripts would
 * download (the shop's host is on no preload list), and makes a certificate for 127.0.0.1
 * with openssl, trusted by the scanning process only (NODE_EXTRA_CA_CERTS).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { table } from "./lib/format.ts";
import { ROOT } from "./lib/paths.ts";
import { shopServer } from "./shop-server.ts";

const VERSION = "1.4.8";
const PACKAGE_DIR = path.join(ROOT, "node_modules/.cache/mdn-http-observatory");
const OBSERVATORY = path.join(PACKAGE_DIR, "node_modules/@mdn/mdn-http-observatory");
const HOST = "127.0.0.1";
const ADMIN = { email: "admin@boutique.local", password: "bench-motdepasse" };

type Target = { label: string; path: string; signedIn?: boolean };
type TestResult = { name: string; pass: boolean; result: string; scoreModifier: number };
type Scan = { label: string; path: string; status: number; grade: string; score: number; tests: TestResult[] };

function installObservatory() {
  if (!existsSync(path.join(OBSERVATORY, "package.json"))) {
    console.log(`Installing @mdn/mdn-http-observatory@${VERSION} (without install scripts) in ${PACKAGE_DIR}…`);
    mkdirSync(PACKAGE_DIR, { recursive: true });
    writeFileSync(path.join(PACKAGE_DIR, "package.json"), '{ "private": true }\n');
    execFileSync(
      "npm",
      ["install", "--ignore-scripts", "--no-audit", "--no-fund", `@mdn/mdn-http-observatory@${VERSION}`],
      { cwd: PACKAGE_DIR, stdio: "inherit" },
    );
  }
  const preload = path.join(OBSERVATORY, "conf/hsts-preload.json");
  if (!existsSync(preload)) writeFileSync(preload, "{}\n");
}

/** A self-signed certificate for the loopback address, in a temporary folder. */
function certificate(dir: string) {
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", `/CN=${HOST}`].concat([
      "-addext",
      `subjectAltName=IP:${HOST}`,
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "ignore" },
  );
  return { key, cert };
}

const listening = (server: { listen: (port: number, host: string, done: () => void) => unknown }) =>
  new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

/**
 * What the deployment puts in front of the shop: TLS on one port, passing requests on with
 * X-Forwarded-Proto (the shop runs with TRUST_PROXY), and plain http on another, redirecting
 * every request to https.
 */
async function tlsFront(shop: URL, tls: { key: string; cert: string }) {
  const { readFileSync } = await import("node:fs");
  const https = createHttpsServer({ key: readFileSync(tls.key), cert: readFileSync(tls.cert) }, (req, res) => {
    const upstream = httpRequest(
      {
        host: shop.hostname,
        port: shop.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-proto": "https", "x-forwarded-for": req.socket.remoteAddress },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await listening(https);
  const httpsPort = (https.address() as AddressInfo).port;
  const http = createHttpServer((req, res) => {
    res.writeHead(301, { location: `https://${HOST}:${httpsPort}${req.url}` }).end();
  });
  await listening(http);
  const httpPort = (http.address() as AddressInfo).port;
  return {
    httpsPort,
    httpPort,
    close: () => {
      https.close();
      http.close();
    },
  };
}

/** The scanning side, in its own process so that it trusts the certificate (NODE_EXTRA_CA_CERTS). */
async function scanChild() {
  const { targets, httpPort, httpsPort, token } = JSON.parse(process.env.OBSERVATORY_JOB ?? "{}") as {
    targets: Target[];
    httpPort: number;
    httpsPort: number;
    token: string;
  };
  const load = (file: string) => import(pathToFileURL(path.join(OBSERVATORY, file)).href);
  const { retrieve } = await load("src/retriever/retriever.js");
  const { ALL_TESTS, NUM_TESTS } = await load("src/constants.js");
  const { getGradeForScore, getScoreModifier } = await load("src/grader/grader.js");
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load("src/grader/charts.js");
  const scans: Scan[] = [];
  for (const target of targets) {
    const headers = ["Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"];
    if (target.signedIn) headers.push(`Cookie: token=${token}`);
    const requests = await retrieve(HOST, {
      httpPort: String(httpPort),
      httpsPort: String(httpsPort),
      path: target.path,
      headers,
    });
    if (!requests.responses.auto) throw new Error(`${target.path}: no answer`);
    // As the observatory's scanner (src/scanner/index.js) scores and grades.
    const tests: TestResult[] = ALL_TESTS.map((test: (r: unknown) => { result: string; pass: boolean }) => {
      const output = test(requests);
      return {
        name: (output.constructor as { name: string }).name,
        pass: output.pass,
        result: output.result,
        scoreModifier: getScoreModifier(output.result),
      };
    });
    const withExtra = 100 + tests.reduce((sum, t) => sum + t.scoreModifier, 0);
    const uncurved = 100 + tests.reduce((sum, t) => sum + Math.min(0, t.scoreModifier), 0);
    const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtra : uncurved);
    if (tests.length !== NUM_TESTS) throw new Error("the observatory's test list changed");
    scans.push({ ...target, status: requests.responses.auto.status, grade: final.grade, score: final.score, tests });
  }
  process.stdout.write(`OBSERVATORY_RESULT ${JSON.stringify(scans)}\n`);
}

async function main() {
  installObservatory();
  const work = mkdtempSync(path.join(tmpdir(), "shop-observatory-"));
  process.env.TRUST_PROXY = "true";
  const shop = shopServer((line) => console.log(line));
  let front: Awaited<ReturnType<typeof tlsFront>> | undefined;
  try {
    const base = await shop.start();
    const tls = certificate(work);
    front = await tlsFront(new URL(base), tls);
    const signIn = await fetch(`${base}/api/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await signIn.json()) as { data: string }).data;
    const products = (await (await fetch(`${base}/api/get-product`)).json()) as {
      data: { _id: string; productImage: string[] }[];
    };
    const product = products.data[0];
    if (!product) throw new Error("no product in the demo catalogue");
    const targets: Target[] = [
      { label: "Accueil", path: "/" },
      { label: "Produit", path: `/product/${product._id}` },
      { label: "Connexion", path: "/login" },
      { label: "Panier (connecté)", path: "/cart", signedIn: true },
      { label: "Back-office (ADMIN)", path: "/admin-panel", signedIn: true },
      { label: "API get-product", path: "/api/get-product" },
      { label: "Photo", path: new URL(product.productImage[0] ?? "", base).pathname },
    ];
    // Not spawnSync: the TLS front answers from this process's event loop.
    const child = spawn(process.execPath, [import.meta.filename, "--scan"], {
      env: {
        ...process.env,
        NODE_EXTRA_CA_CERTS: tls.cert,
        OBSERVATORY_JOB: JSON.stringify({ targets, httpPort: front.httpPort, httpsPort: front.httpsPort, token }),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
    const line = stdout.split("\n").find((l) => l.startsWith("OBSERVATORY_RESULT "));
    if (!line) throw new Error(`the scan failed (exit ${status}):\n${stdout}`);
    const scans = JSON.parse(line.slice("OBSERVATORY_RESULT ".length)) as Scan[];
    report(scans);
    process.exitCode = scans.every((s) => s.grade === "A+" && s.tests.every((t) => t.pass)) ? 0 : 1;
  } finally {
    front?.close();
    await shop.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function report(scans: Scan[]) {
  console.log(`\nMDN HTTP Observatory ${VERSION}, behind a local TLS front\n`);
  console.log(
    table(
      ["Answer", "Path", "HTTP", "Grade", "Score", "Tests passed"],
      "llrcrr",
      scans.map((s) => [
        s.label,
        `\`${s.path}\``,
        s.status,
        s.grade,
        s.score,
        `${s.tests.filter((t) => t.pass).length}/${s.tests.length}`,
      ]),
    ),
  );
  console.log("\nEach test's result (score modifier):");
  const names = scans[0]?.tests.map((t) => t.name) ?? [];
  for (const name of names) {
    const results = new Set(
      scans.map((s) => {
        const t = s.tests.find((x) => x.name === name);
        return `${t?.pass ? "pass" : "FAIL"} ${t?.result} (${t?.scoreModifier})`;
      }),
    );
    console.log(`- ${name}: ${[...results].join("; ")}`);
  }
}

if (process.argv.includes("--scan")) await scanChild();
else await main();
