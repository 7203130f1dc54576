import Fastify from "fastify";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, pathOf, type TestContext, uploadProduct, useTestApp } from "../test/harness.ts";
import { securityHeadersPlugin } from "./security-headers.ts";

/** Decision 023: every kind of answer carries the security headers, set in one place. */
type Response = Awaited<ReturnType<TestContext["app"]["inject"]>>;

const ctx = useTestApp({ actors: true });
let photo: string;

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#36c" } })
    .jpeg()
    .toBuffer();
  const uploaded = await ctx.call("POST", "/api/upload-image", {
    token: ctx.actors.admin,
    multipart: [{ name: "file", filename: "p.jpg", type: "image/jpeg", bytes: jpeg }],
  });
  photo = pathOf(uploaded.json().data.url);
  await uploadProduct(ctx, ctx.actors.admin, { productImage: [photo] });
});

function expectEveryAnswer(res: Response) {
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers["strict-transport-security"]).toBeUndefined(); // plain http
}

function expectResource(res: Response, resourcePolicy: "same-site" | "cross-origin" = "same-site") {
  expectEveryAnswer(res);
  expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers["cross-origin-resource-policy"]).toBe(resourcePolicy);
  // Pages only.
  expect(res.headers["permissions-policy"]).toBeUndefined();
  expect(res.headers["cross-origin-opener-policy"]).toBeUndefined();
}

describe("security headers", () => {
  it("on an API answer, its 304, and with charset=utf-8", async () => {
    const res = await ctx.app.inject("/api/get-product");
    expect(res.statusCode).toBe(200);
    expectResource(res);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const again = await ctx.app.inject({
      url: "/api/get-product",
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expectResource(again);
  });

  it.each([
    ["a 404", () => ctx.app.inject("/api/nothing-here"), 404],
    ["a 400", () => ctx.app.inject({ method: "POST", url: "/api/product-details", payload: { productId: "x" } }), 400],
    ["a 401", () => ctx.app.inject("/api/user-details"), 401],
    ["a 403", () => ctx.call("GET", "/api/all-user", { token: ctx.actors.general }), 403],
    [
      "malformed JSON",
      () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/signin",
          headers: { "content-type": "application/json" },
          payload: "{",
        }),
      400,
    ],
  ] as const)("on %s", async (_case, send, status) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    expectResource(res);
  });

  it("on a 500", async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const res = await broken.app.inject("/api/get-product");
      expect(res.statusCode).toBe(500);
      expectResource(res);
    } finally {
      broken.database.close = async () => {}; // closed above already
      await broken.close();
    }
  });

  it("on a product photo and a profile picture: loadable by the original storefronts' origins", async () => {
    const res = await ctx.app.inject(photo);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expectResource(res, "cross-origin");
    expect((await ctx.app.inject("/uploads/avatars/missing.webp")).headers["cross-origin-resource-policy"]).toBe(
      "cross-origin",
    );
  });

  it("keeps anything else under /uploads same-site", async () => {
    expectResource(await ctx.app.inject("/uploads/.tmp-x/400.webp"));
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent over HTTPS as a trusted proxy says it, never over plain http", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const https = await proxied.app.inject({ url: "/api/get-product", headers: { "x-forwarded-proto": "https" } });
      expect(https.headers["strict-transport-security"]).toBe("max-age=31536000");
      const http = await proxied.app.inject({ url: "/api/get-product", headers: { "x-forwarded-proto": "http" } });
      expect(http.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is anyone's to send: not believed.
    const plain = await ctx.app.inject({ url: "/api/get-product", headers: { "x-forwarded-proto": "https" } });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });

  it("is sent on every answer when PUBLIC_URL is https", async () => {
    const configured = await createTestApp({ PUBLIC_URL: "https://makepe.cm" });
    try {
      for (const url of ["/api/get-product", "/api/nothing-here", "/uploads/images/x/400.webp"]) {
        expect((await configured.app.inject(url)).headers["strict-transport-security"], url).toBe("max-age=31536000");
      }
    } finally {
      await configured.close();
    }
  });
});

describe("a page whose bytes are shared (the page cache)", () => {
  const HASHES = "'sha256-AAAA' 'sha256-BBBB'";
  async function pages(dev: boolean) {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { dev });
    app.get("/own", (_request, reply) => reply.type("text/html").send("<p>"));
    // From the cache: said before the answer's headers are set.
    app.get("/cached", (_request, reply) => {
      reply.shareScripts(HASHES);
      return reply.type("text/html").send("<p>");
    });
    // Just rendered: said after the security headers' own onSend.
    app.get("/rendered", {
      onSend: (_request, reply, payload, done) => {
        reply.shareScripts(HASHES);
        done(null, payload);
      },
      handler: (_request, reply) => reply.type("text/html").send("<p>"),
    });
    return app;
  }

  it("names its inline scripts' hashes and the shop's own script files, never a nonce", async () => {
    const app = await pages(false);
    const own = (await app.inject("/own")).headers["content-security-policy"];
    expect(own).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'; default-src 'self'; /);
    for (const url of ["/cached", "/rendered"]) {
      const policy = String((await app.inject(url)).headers["content-security-policy"]);
      expect(policy, url).toBe(own?.toString().replace(/^script-src [^;]+;/, `script-src 'self' ${HASHES};`));
    }
    await app.close();
  });

  it("keeps the development policy (no script part) in development", async () => {
    const app = await pages(true);
    const own = (await app.inject("/own")).headers["content-security-policy"];
    expect((await app.inject("/cached")).headers["content-security-policy"]).toBe(own);
    expect((await app.inject("/rendered")).headers["content-security-policy"]).toBe(own);
    expect(own).not.toContain("script-src");
    await app.close();
  });
});

describe("the service worker's script", () => {
  it("carries the worker's own policy, which lets it fetch the shop's pages and files, and nothing else", async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, {});
    for (const url of ["/sw.js", "/assets/entry.js"]) {
      app.get(url, (_request, reply) => reply.type("text/javascript; charset=utf-8").send("self.x = 1;"));
    }
    const worker = await app.inject("/sw.js");
    expectEveryAnswer(worker);
    expect(worker.headers["content-security-policy"]).toBe("default-src 'self'");
    expect(worker.headers["cross-origin-resource-policy"]).toBe("same-site");
    expect(worker.headers["permissions-policy"]).toBeUndefined();
    // Any other script keeps the resources' policy.
    expectResource(await app.inject("/assets/entry.js"));
    await app.close();
  });
});
