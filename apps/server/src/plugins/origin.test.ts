import type { Product, User } from "@shop/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../db/schema.ts";
import { call, createTestApp, tokenFor, uploadProduct, useTestApp } from "../test/harness.ts";
import { IN_PROCESS_HEADER } from "./origin.ts";

/**
 * Decision 022: a storefront served from another origin must get image URLs it can load, without
 * PUBLIC_URL: absolute under the scheme and host the client asked for, and one host's answer
 * never handed to another by the catalogue cache.
 */
const OWN = "/uploads/images/2b1f7c1e-1c1a-4a70-9a3b-0f6a8f1e2d3c/800.webp";
const SECOND = "/uploads/images/9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f/800.webp";
const OUTSIDE = "https://res.cloudinary.com/shop/image/upload/v1/p.jpg";

const ctx = useTestApp({ actors: true });
let product: Product;

beforeAll(async () => {
  const res = await uploadProduct(ctx, ctx.actors.superAdmin, {
    productName: "Galaxy A55",
    category: "SAMSUNG",
    productImage: [OWN, OUTSIDE],
  });
  product = res.json().data;
});

type Read = { name: string; method: "GET" | "POST"; url: string; body?: object; images(data: unknown): string[] };
const firstImages = (data: unknown) => (data as Product[]).find((p) => p._id === product._id)?.productImage ?? [];
const READS: Read[] = [
  { name: "get-product", method: "GET", url: "/api/get-product", images: firstImages },
  { name: "get-categoryProduct", method: "GET", url: "/api/get-categoryProduct", images: firstImages },
  {
    name: "category-product",
    method: "POST",
    url: "/api/category-product",
    body: { category: "SAMSUNG" },
    images: firstImages,
  },
  {
    name: "filter-product",
    method: "POST",
    url: "/api/filter-product",
    body: { category: ["SAMSUNG"] },
    images: firstImages,
  },
  { name: "search", method: "GET", url: "/api/search?q=galaxy", images: firstImages },
  {
    name: "product-details",
    method: "POST",
    url: "/api/product-details",
    get body() {
      return { productId: product._id };
    },
    images: (data) => (data as Product).productImage,
  },
];

const read = (r: Read, headers: Record<string, string>, app = ctx.app) =>
  ctx.call(r.method, r.url, { app, headers, payload: r.body });

async function imagesOf(r: Read, headers: Record<string, string>, app = ctx.app): Promise<string[]> {
  const res = await read(r, headers, app);
  expect(res.statusCode, res.body).toBe(200);
  return r.images(res.json().data);
}

describe("image URLs without PUBLIC_URL", () => {
  it.each(READS)("$name: absolute under each host that asks, never another's from the cache", async (r) => {
    const a = { host: "boutique-a.cm" };
    const b = { host: "Vitrine-B.example:8080" };
    expect(await imagesOf(r, a)).toEqual([`http://boutique-a.cm${OWN}`, OUTSIDE]);
    // Now cached for host a: host b must get its own answer, and a still its own.
    expect(await imagesOf(r, a)).toEqual([`http://boutique-a.cm${OWN}`, OUTSIDE]);
    expect(await imagesOf(r, b)).toEqual([`http://vitrine-b.example:8080${OWN}`, OUTSIDE]);
    expect(await imagesOf(r, b)).toEqual([`http://vitrine-b.example:8080${OWN}`, OUTSIDE]);
    expect(await imagesOf(r, a)).toEqual([`http://boutique-a.cm${OWN}`, OUTSIDE]);
    // An IP address and port, as a phone on the shop's Wi-Fi reaches it.
    expect(await imagesOf(r, { host: "192.168.1.20:3000" })).toEqual([`http://192.168.1.20:3000${OWN}`, OUTSIDE]);
  });

  it.each(READS)("$name: forwarded headers are not believed without TRUST_PROXY", async (r) => {
    const forwarded = { host: "10.0.0.5:3000", "x-forwarded-proto": "https", "x-forwarded-host": "makepe.cm" };
    expect(await imagesOf(r, forwarded)).toEqual([`http://10.0.0.5:3000${OWN}`, OUTSIDE]);
  });

  it("believes forwarded scheme and host with TRUST_PROXY, and keys the cache by them", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const seller = await tokenFor(proxied, proxied.superAdmin);
      const made = await uploadProduct(proxied, seller, { productImage: [OWN, OUTSIDE] });
      const details = async (headers: Record<string, string>) =>
        (
          await call(proxied.app, "POST", "/api/product-details", {
            headers,
            payload: { productId: made.json().data._id },
          })
        ).json().data.productImage;
      const forwarded = { host: "10.0.0.5:3000", "x-forwarded-proto": "https", "x-forwarded-host": "makepe.cm" };
      expect(await details(forwarded)).toEqual([`https://makepe.cm${OWN}`, OUTSIDE]);
      expect(await details({ host: "10.0.0.5:3000" })).toEqual([`http://10.0.0.5:3000${OWN}`, OUTSIDE]);
      expect(await details({ ...forwarded, "x-forwarded-proto": "http" })).toEqual([`http://makepe.cm${OWN}`, OUTSIDE]);
    } finally {
      await proxied.close();
    }
  });

  it.each([
    ["a quote and markup", 'evil.example"><script>alert(1)</script>'],
    ["a path", "evil.example/x"],
    ["a space", "evil example"],
    ["credentials", "user@evil.example"],
  ])("answers paths, never the Host header's text, when it holds %s", async (_case, host) => {
    const details = READS.find((r) => r.name === "product-details")!;
    expect(await imagesOf(details, { host })).toEqual([OWN, OUTSIDE]);
    // And the cache keeps that answer apart from every real host's.
    expect(await imagesOf(details, { host: "boutique-a.cm" })).toEqual([`http://boutique-a.cm${OWN}`, OUTSIDE]);
  });

  it("answers paths to the storefront's own in-process calls, whatever their host", async () => {
    for (const r of READS) {
      expect(await imagesOf(r, { host: "boutique-a.cm", [IN_PROCESS_HEADER]: "1" })).toEqual([OWN, OUTSIDE]);
    }
  });

  it("makes profile pictures absolute: sign-up, user-details, all-user", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
      "base64",
    );
    const host = { host: "vitrine.example" };
    const signUp = await ctx.call("POST", "/api/signup", {
      headers: host,
      payload: {
        name: "Awa",
        email: "awa-origin@exemple.cm",
        password: "motdepasse-solide",
        confirmPassword: "motdepasse-solide",
        profilePic: `data:image/png;base64,${png.toString("base64")}`,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const picture = (signUp.json().data as User).profilePic;
    expect(picture).toMatch(/^http:\/\/vitrine\.example\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const token = await tokenFor(ctx, { email: "awa-origin@exemple.cm" });
    const details = await ctx.call("GET", "/api/user-details", { token, headers: host });
    expect((details.json().data as User).profilePic).toBe(picture);
    const all = await ctx.call("GET", "/api/all-user", {
      token: ctx.actors.superAdmin,
      headers: { host: "autre.example" },
    });
    const listed = (all.json().data as User[]).find((u) => u.email === "awa-origin@exemple.cm");
    expect(listed?.profilePic).toBe(picture.replace("http://vitrine.example", "http://autre.example"));
  });

  it("makes cart lines' product images absolute", async () => {
    const as = { token: ctx.actors.general, headers: { host: "vitrine.example" } };
    const added = await ctx.call("POST", "/api/addtocart", { ...as, payload: { productId: product._id } });
    expect(added.json().data.productId.productImage).toEqual([`http://vitrine.example${OWN}`, OUTSIDE]);
    const cart = await ctx.call("GET", "/api/view-card-product", as);
    expect(cart.json().data[0].productId.productImage).toEqual([`http://vitrine.example${OWN}`, OUTSIDE]);
  });
});

describe("image URLs sent back by a client", () => {
  const storedImages = async (id: string) =>
    (await ctx.database.db.select({ images: products.productImage }).from(products).where(eq(products.id, id)))[0]
      ?.images;

  it("stores our own absolute URLs as paths, so no host is written into the catalogue", async () => {
    const created = await uploadProduct(
      ctx,
      ctx.actors.admin,
      { productImage: [`http://admin.example:3000${OWN}`, OUTSIDE] },
      {
        host: "admin.example:3000",
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json().data as Product;
    expect(made.productImage).toEqual([`http://admin.example:3000${OWN}`, OUTSIDE]);
    expect(await storedImages(made._id)).toEqual([OWN, OUTSIDE]);

    // The original admin form sends the whole product back as it read it.
    const echoed = await ctx.call("POST", "/api/update-product", {
      token: ctx.actors.admin,
      headers: { host: "admin.example:3000" },
      payload: { ...made, productImage: [...made.productImage, `http://admin.example:3000${SECOND}`] },
    });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(await storedImages(made._id)).toEqual([OWN, OUTSIDE, SECOND]);
    const elsewhere = await ctx.call("POST", "/api/product-details", {
      headers: { host: "boutique-a.cm" },
      payload: { productId: made._id },
    });
    expect((elsewhere.json().data as Product).productImage).toEqual([
      `http://boutique-a.cm${OWN}`,
      OUTSIDE,
      `http://boutique-a.cm${SECOND}`,
    ]);
  });

  it("keeps as it is a URL of another host, even with the path of one of our uploads", async () => {
    const foreign = `https://autre-boutique.example${OWN}`;
    const created = await uploadProduct(ctx, ctx.actors.admin, { productImage: [foreign] }, { host: "admin.example" });
    expect(await storedImages(created.json().data._id)).toEqual([foreign]);
  });

  it("answers an upload with absolute URLs, which a product then stores as paths", async () => {
    const sharp = (await import("sharp")).default;
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
    const uploaded = await ctx.call("POST", "/api/upload-image", {
      token: ctx.actors.admin,
      headers: { host: "admin.example" },
      multipart: [{ name: "file", filename: "a.jpg", type: "image/jpeg", bytes: jpeg }],
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url, sizes } = uploaded.json().data as { url: string; sizes: { url: string }[] };
    expect(url).toMatch(/^http:\/\/admin\.example\/uploads\/images\/[0-9a-f-]{36}\/800\.webp$/);
    expect(sizes.every((s) => s.url.startsWith("http://admin.example/uploads/images/"))).toBe(true);
    const served = await ctx.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);

    const created = await uploadProduct(ctx, ctx.actors.admin, { productImage: [url] }, { host: "admin.example" });
    expect(await storedImages(created.json().data._id)).toEqual([new URL(url).pathname]);
  });
});

describe("image URLs with PUBLIC_URL", () => {
  const PUBLIC_URL = "https://makepe.cm/boutique";
  const configured = useTestApp({ env: { PUBLIC_URL } });

  it("are under PUBLIC_URL whatever the host, and stored as paths when sent back under it", async () => {
    const admin = await tokenFor(configured, configured.superAdmin);
    const created = await uploadProduct(
      configured,
      admin,
      { productImage: [`${PUBLIC_URL}${OWN}`, `http://10.0.0.5${SECOND}`] },
      { host: "10.0.0.5" },
    );
    const made = created.json().data as Product;
    expect(made.productImage).toEqual([`${PUBLIC_URL}${OWN}`, `${PUBLIC_URL}${SECOND}`]);
    for (const host of ["10.0.0.5", "evil.example"]) {
      const res = await configured.call("POST", "/api/product-details", {
        headers: { host },
        payload: { productId: made._id },
      });
      expect((res.json().data as Product).productImage).toEqual([`${PUBLIC_URL}${OWN}`, `${PUBLIC_URL}${SECOND}`]);
    }
  });
});
