/**
 * HTTP/2 in front of the shop, for the page benchmark (`npm run bench:pages -- --http2`): a
 * TLS server with a certificate generated for localhost at start (openssl, valid one day, in a
 * temporary folder), which answers each HTTP/2 stream by asking the production server over
 * HTTP/1.1 on its local port, as a reverse proxy terminating TLS does in production (Caddy,
 * nginx: see the README), with the `Host` the browser asked for and `X-Forwarded-Proto: https`
 * (the shop must run with TRUST_PROXY=true to read them). Bench-only: no limits.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";

/** Headers HTTP/2 forbids or that describe the hop, not the answer. */
const HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host"]);

export type H2Proxy = { url: string; close: () => Promise<void> };

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-h2-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost"],
        ...["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the proxy on a free port of 127.0.0.1, forwarding to `upstream` (http://host:port). */
export async function startH2Proxy(upstream: string): Promise<H2Proxy> {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: false });
  server.on("stream", (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (name.startsWith(":") || HOP.has(name) || value === undefined) continue;
      forwarded[name] = value;
    }
    // As a TLS-terminating proxy tells the shop (read with TRUST_PROXY=true): the address the
    // browser asked for and its scheme, which the API's absolute image URLs are built from.
    forwarded.host = String(headers[":authority"] ?? target.host);
    forwarded["x-forwarded-proto"] = "https";
    forwarded["x-forwarded-for"] = "127.0.0.1";
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: headers[":method"],
        path: headers[":path"],
        headers: forwarded,
      },
      (response) => {
        const answer: http2.OutgoingHttpHeaders = { ":status": response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers))
          if (!HOP.has(name) && value !== undefined) answer[name] = value;
        if (stream.destroyed) return response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    request.on("error", () => {
      if (!stream.destroyed && !stream.headersSent) stream.respond({ ":status": 502 });
      stream.end();
    });
    stream.on("error", () => request.destroy());
    stream.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the HTTP/2 proxy has no port");
  return {
    // Chromium is started with --ignore-certificate-errors for this self-signed certificate.
    url: `https://localhost:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
