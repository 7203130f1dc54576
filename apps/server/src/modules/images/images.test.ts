import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS, MSG } from "@shop/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { INJECT_ORIGIN, pathOf, useTestApp } from "../../test/harness.ts";

const ctx = useTestApp({ actors: true });

const upload = (token: string | null, filename: string, type: string, bytes: Buffer) =>
  ctx.call("POST", "/api/upload-image", { token, multipart: [{ name: "file", filename, type, bytes }] });

const photo = (format: "jpeg" | "png" | "webp" | "avif", width = 2000, height = 1500) =>
  sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f59e0b"/></svg>`,
        ),
      },
    ])
    [format]()
    .toBuffer();

const storedImages = () =>
  existsSync(path.join(ctx.config.uploadsDir, "images")) ? readdirSync(path.join(ctx.config.uploadsDir, "images")) : [];

describe("image upload", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)("stores a %s as WebP at every width", async (format) => {
    const res = await upload(ctx.actors.admin, `photo.${format}`, `image/${format}`, await photo(format));
    expect(res.statusCode).toBe(201);
    const { url, sizes } = res.json().data;
    expect(url).toMatch(new RegExp(`^${INJECT_ORIGIN}/uploads/images/[0-9a-f-]{36}/${IMAGE_WIDTHS.detail}\\.webp$`));
    expect(sizes.map((s: { width: number }) => s.width)).toEqual(Object.values(IMAGE_WIDTHS));
    for (const size of sizes) {
      expect(size.url.startsWith(`${INJECT_ORIGIN}/uploads/images/`)).toBe(true);
      const file = await ctx.app.inject(pathOf(size.url));
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/webp");
      expect(file.headers["cache-control"]).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(Math.min(size.width, 2000));
    }
  });

  it("keeps a card image small enough for slow connections", async () => {
    const res = await upload(ctx.actors.superAdmin, "p.jpg", "image/jpeg", await photo("jpeg", 3000, 3000));
    const card = await ctx.app.inject(pathOf(res.json().data.sizes[0].url));
    expect(card.rawPayload.length).toBeLessThanOrEqual(30 * 1024);
  });

  it("judges a file by its content, not its name or declared type", async () => {
    const before = storedImages().length;
    const text = await upload(
      ctx.actors.admin,
      "photo.jpg",
      "image/jpeg",
      Buffer.from("ceci n'est pas une image\n".repeat(50)),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(MSG.imageInvalid);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const svgRes = await upload(ctx.actors.admin, "logo.png", "image/png", svg);
    expect(svgRes.statusCode).toBe(400);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await upload(ctx.actors.admin, "a.gif", "image/gif", gif)).statusCode).toBe(400);
    // A JPEG header followed by garbage is not an image either.
    const truncated = (await photo("jpeg")).subarray(0, 200);
    expect((await upload(ctx.actors.admin, "cut.jpg", "image/jpeg", truncated)).statusCode).toBe(400);
    expect(storedImages().filter((n) => !n.startsWith(".tmp")).length).toBe(before);
    expect(storedImages().some((n) => n.startsWith(".tmp"))).toBe(false);
  });

  it("refuses a file over the limit with 413", async () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1024, 0xff);
    const res = await upload(ctx.actors.admin, "big.jpg", "image/jpeg", big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MSG.imageTooLarge);
  });

  it("answers a request without a file with a French message", async () => {
    const json = await ctx.call("POST", "/api/upload-image", {
      token: ctx.actors.admin,
      headers: { "content-type": "application/json" },
      payload: {},
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(MSG.unsupportedMediaType);
    const boundary = "----nofile";
    const fieldOnly = await ctx.call("POST", "/api/upload-image", {
      token: ctx.actors.admin,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nbonjour\r\n--${boundary}--\r\n`,
    });
    expect(fieldOnly.statusCode).toBe(400);
    expect(fieldOnly.json().message).toBe(MSG.imageMissing);
  });

  it("is for admins only", async () => {
    const bytes = await photo("png", 50, 50);
    expect((await upload(null, "a.png", "image/png", bytes)).statusCode).toBe(401);
    expect((await upload(ctx.actors.general, "a.png", "image/png", bytes)).statusCode).toBe(403);
  });

  it("does not serve files outside the uploads folder", async () => {
    for (const url of ["/uploads/../token-secret", "/uploads/%2e%2e/token-secret", "/uploads/.tmp-x/400.webp"]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain(ctx.config.token.secret);
    }
  });
});
