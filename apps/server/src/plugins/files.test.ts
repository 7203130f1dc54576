import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathOf, postOrderForm, type TestApp, useTestApp } from "../test/harness.ts";
import { startTestS3, type TestS3 } from "../test/s3-server.ts";

// Files in an S3-compatible bucket (decision 031): what one app server stores, every other
// serves; private files stay for admins only; nothing is written to DATA_DIR.
let s3: TestS3;
let png: Buffer;

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());
const ctx = useTestApp(() => ({ env: s3.env, peer: true, actors: true }));
beforeAll(async () => {
  png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
});

const upload = (bytes: Buffer, app: TestApp = ctx) =>
  app.call("POST", "/api/upload-image", {
    token: app.actors.admin,
    multipart: [{ name: "file", filename: "photo.png", type: "image/png", bytes }],
  });

const localFiles = () => {
  const found: string[] = [];
  for (const folder of ["uploads", "order-files", "payment-files"]) {
    const dir = path.join(ctx.config.dataDir, folder);
    if (existsSync(dir)) found.push(...readdirSync(dir, { recursive: true }).map(String));
  }
  return found;
};

describe("files in an S3-compatible bucket, two app servers", () => {
  it("serves a photo uploaded through one server from the other, with a year's cache", async () => {
    const res = await upload(png);
    expect(res.statusCode).toBe(201);
    const { sizes } = res.json().data as { sizes: { width: number; url: string }[] };
    expect(sizes).toHaveLength(3);
    for (const size of sizes) {
      const got = await ctx.peerApp.inject({ method: "GET", url: pathOf(size.url) });
      expect(got.statusCode).toBe(200);
      expect(got.headers["content-type"]).toBe("image/webp");
      expect(got.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await sharp(got.rawPayload).metadata()).format).toBe("webp");
      // A browser asking again with its ETag gets a 304 and no body.
      const again = await ctx.peerApp.inject({
        method: "GET",
        url: pathOf(size.url),
        headers: { "if-none-match": String(got.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    }
    expect(localFiles()).toEqual([]);
  });

  it("answers 404 for a photo that does not exist and for paths outside the public files", async () => {
    for (const url of [
      "/uploads/images/00000000-0000-0000-0000-000000000000/400.webp",
      "/uploads/../order-files/x.pdf",
      "/uploads/%2e%2e/order-files/x.pdf",
    ]) {
      expect((await ctx.peerApp.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });

  it("lets an admin read an order form's file through either server, and nobody else", async () => {
    const placed = await postOrderForm(ctx.app, png);
    expect(placed.statusCode).toBe(201);
    const reference = placed.json().data.reference as string;
    for (const server of [ctx.app, ctx.peerApp]) {
      const file = await ctx.call("GET", `/api/orders/${reference}/file`, { app: server, token: ctx.actors.admin });
      expect(file.statusCode).toBe(200);
      expect(file.headers["cache-control"]).toBe("private, no-store");
      expect(Buffer.compare(file.rawPayload, png)).toBe(0);
      expect((await server.inject({ method: "GET", url: `/api/orders/${reference}/file` })).statusCode).toBe(401);
      const customer = await ctx.call("GET", `/api/orders/${reference}/file`, {
        app: server,
        token: ctx.actors.general,
      });
      expect(customer.statusCode).toBe(403);
    }
    // Never under the public path, whatever its name.
    const stored = await ctx.app.files.list("order-files/")[Symbol.asyncIterator]().next();
    const key = String(stored.value);
    expect(key).toMatch(/^order-files\/[\w-]+\.png$/);
    expect((await ctx.peerApp.inject({ method: "GET", url: `/uploads/${key}` })).statusCode).toBe(404);
    expect((await ctx.peerApp.inject({ method: "GET", url: `/${key}` })).statusCode).not.toBe(200);
    expect(localFiles()).toEqual([]);
  });

  it("says where files are kept in /api/health", async () => {
    const res = await ctx.peerApp.inject({ method: "GET", url: "/api/health" });
    expect(res.json().data).toMatchObject({ files: "s3" });
  });
});

describe("photos served from a public address (a CDN in front of the bucket)", () => {
  const cdn = useTestApp(() => ({ env: { ...s3.env, S3_PUBLIC_URL: "https://cdn.example.com/" }, actors: true }));

  it("answers image URLs under S3_PUBLIC_URL", async () => {
    const res = await upload(png, cdn);
    const image = res.json().data as { url: string };
    expect(image.url).toMatch(/^https:\/\/cdn\.example\.com\/uploads\/images\/[\w-]+\/800\.webp$/);
    // Still served by the app too (pages rendered before the change, old links).
    expect((await cdn.app.inject({ method: "GET", url: pathOf(image.url) })).statusCode).toBe(200);
  });
});
