/**
 * Child process of api-bench.ts and crowd-bench.ts: the baseline. A bare node:http server that
 * answers each benchmarked request with the exact bytes the real app answered (status,
 * content-type, body, and the extra headers recorded with it, e.g. content-encoding, etag and
 * vary of a page), read from the JSON file named by argv[2]. It reads the request body like the app does, and
 * does nothing else: the gap between the two is our framework and database work.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  method: string;
  /** Path and query string, as requested. */
  url: string;
  status: number;
  contentType: string;
  bodyBase64: string;
  /** Other headers sent with these bytes (lower-case names), e.g. content-encoding, etag, vary. */
  headers?: Record<string, string>;
}

const file = process.argv[2];
if (!file) throw new Error("usage: node bench/bare-server.ts <responses.json>");
const recorded = JSON.parse(readFileSync(file, "utf8")) as Recorded[];

const answers = new Map(
  recorded.map((r) => {
    const body = Buffer.from(r.bodyBase64, "base64");
    const headers = { ...r.headers, "content-type": r.contentType, "content-length": String(body.length) };
    return [`${r.method} ${r.url}`, { status: r.status, headers, body }];
  }),
);

/** `--miss` gives each request a distinct URL; the answer is the same. */
const MISS = /[?&]_bench_miss=[^&]*$/;

const server = createServer((req, res) => {
  const url = req.url?.includes("_bench_miss=") ? req.url.replace(MISS, "") : req.url;
  const answer = answers.get(`${req.method} ${url}`);
  req.resume();
  req.on("end", () => {
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});
// Same keep-alive as Fastify's default, so connections are reused the same way.
server.keepAliveTimeout = 72_000;

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ type: "ready", port });
});

const stop = () => server.close(() => process.exit(0));
process.on("message", (m: { type: string }) => {
  if (m.type === "stop") stop();
});
process.on("disconnect", stop);
process.on("SIGTERM", stop);
