/**
 * The import's picture fetching (decision 047) against a real local HTTP server: only http(s),
 * no private, loopback or link-local address (literal, resolved, or reached by a redirect), a
 * size and a time limit, the content decoded before anything is stored.
 */
import { mkdtemp, readdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRemoteImage, isPublicAddress, RemoteImageError, storeRemoteImage } from "./remote-image.ts";
import { LocalStorage } from "./storage.ts";

let server: Server;
let base: string;
let png: Buffer;
/** The test server is on the loopback: these tests let that one address through, nothing else. */
const loopbackOnly = { allowAddress: (a: string) => a === "127.0.0.1" || a === "::ffff:127.0.0.1" };

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#16a34a" } })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    switch (request.url) {
      case "/photo.png":
        response.writeHead(200, { "content-type": "image/png" }).end(png);
        return;
      case "/moved":
        response.writeHead(302, { location: "/photo.png" }).end();
        return;
      case "/to-metadata":
        response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
        return;
      case "/to-localhost":
        response
          .writeHead(301, { location: `http://localhost:${(server.address() as AddressInfo).port}/photo.png` })
          .end();
        return;
      case "/loop":
        response.writeHead(302, { location: "/loop" }).end();
        return;
      case "/huge": {
        // Says nothing of its size, and never ends: "a 2 GB file".
        response.writeHead(200, { "content-type": "image/jpeg" });
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (response.write(chunk)) {}
        };
        response.on("drain", pump);
        pump();
        return;
      }
      case "/declared-huge":
        response.writeHead(200, { "content-type": "image/jpeg", "content-length": String(2 * 1024 ** 3) });
        response.write(Buffer.alloc(10));
        return;
      case "/slow":
        return; // never answers
      case "/page.html":
        response.writeHead(200, { "content-type": "text/html" }).end("<html>=HYPERLINK()</html>");
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const reason = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteImageError);
  return (error as Error).message;
};

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["2001:4860:4860::8888", true],
    ["127.0.0.1", false],
    ["10.0.0.5", false],
    ["172.16.3.4", false],
    ["192.168.1.10", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["::1", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:8.8.8.8", true],
    ["not an address", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("fetchRemoteImage, with the default rule", () => {
  it("refuses the loopback, whether literal, resolved from a name, in IPv6 or IPv4-mapped", async () => {
    const port = (server.address() as AddressInfo).port;
    for (const url of [
      `${base}/photo.png`,
      `http://localhost:${port}/photo.png`,
      `http://[::1]:${port}/photo.png`,
      `http://[::ffff:127.0.0.1]:${port}/photo.png`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/x.png",
    ]) {
      expect(await reason(fetchRemoteImage(url, { timeoutMs: 2000 })), url).toBe("adresse interne ou privée refusée");
    }
  });

  it("refuses any scheme but http(s)", async () => {
    for (const url of [
      "file:///etc/passwd",
      "ftp://example.com/a.png",
      "gopher://x",
      "javascript:alert(1)",
      "pas une url",
    ]) {
      expect(await reason(fetchRemoteImage(url))).toBe("seules les adresses http:// ou https:// sont acceptées");
    }
  });
});

describe("fetchRemoteImage, the test server let through", () => {
  it("fetches a picture, following a redirect", async () => {
    expect((await fetchRemoteImage(`${base}/photo.png`, loopbackOnly)).equals(png)).toBe(true);
    expect((await fetchRemoteImage(`${base}/moved`, loopbackOnly)).equals(png)).toBe(true);
  });

  it("checks every redirect's address again, and stops redirect loops", async () => {
    expect(await reason(fetchRemoteImage(`${base}/to-metadata`, loopbackOnly))).toBe(
      "adresse interne ou privée refusée",
    );
    // The first hop's literal address is let through once; the redirect names "localhost",
    // whose resolved addresses go through the rule when the socket connects: refused.
    let once = true;
    const firstOnly = (a: string) => {
      const allowed = once && a === "127.0.0.1";
      once = false;
      return allowed;
    };
    expect(await reason(fetchRemoteImage(`${base}/to-localhost`, { allowAddress: firstOnly }))).toBe(
      "adresse interne ou privée refusée",
    );
    expect(await reason(fetchRemoteImage(`${base}/loop`, loopbackOnly))).toBe("trop de redirections");
  });

  it("stops reading past the size limit, declared or not", async () => {
    const limits = { ...loopbackOnly, maxBytes: 1024 * 1024 };
    expect(await reason(fetchRemoteImage(`${base}/huge`, limits))).toBe("image trop lourde (plus de 1 Mo)");
    expect(await reason(fetchRemoteImage(`${base}/declared-huge`, limits))).toBe("image trop lourde (plus de 1 Mo)");
  });

  it("gives up after its time limit, and says a server's refusal", async () => {
    expect(await reason(fetchRemoteImage(`${base}/slow`, { ...loopbackOnly, timeoutMs: 300 }))).toBe("délai dépassé");
    expect(await reason(fetchRemoteImage(`${base}/missing.png`, loopbackOnly))).toBe("le serveur a répondu 404");
  });
});

describe("storeRemoteImage", () => {
  it("stores a picture as the uploads are, and refuses what does not decode as one, storing nothing", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "shop-remote-"));
    const files = new LocalStorage(dir);
    const stored = await storeRemoteImage(files, `${base}/photo.png`, loopbackOnly);
    expect(stored).toMatch(/^\/uploads\/images\/[\w-]+\/\d+\.webp$/);
    const before = await readdir(path.join(dir, "uploads", "images"));
    expect(await reason(storeRemoteImage(files, `${base}/page.html`, loopbackOnly))).toBe(
      "ce n'est pas une image JPEG, PNG, WebP ou AVIF lisible",
    );
    expect(await readdir(path.join(dir, "uploads", "images"))).toEqual(before);
  });
});
