/**
 * Applying a catalogue import (decision 047) through the real app and the job queue's runner:
 * the preview kept, 'Confirmer' once and by its maker only, one transaction per product with
 * its audit lines, pictures fetched from a real local HTTP server or named in the report, a
 * product refused meanwhile left out whole, and the same catalogue exported again re-imported
 * as unchanged (the round trip, on a catalogue with variants, stock, a hidden product and accents).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MSG } from "@shop/shared";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit.ts";
import { catalogueImports } from "../../db/schema/catalogue-csv.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { products, productVariants } from "../../db/schema/products.ts";
import { stockMovements } from "../../db/schema/stock.ts";
import { users } from "../../db/schema/users.ts";
import { runDueJobs } from "../../jobs/runner.ts";
import { createUser, tokenFor, uploadProduct, useTestApp } from "../../test/harness.ts";
import { CATALOGUE_IMPORT_JOB, runImport } from "./catalogue-import.service.ts";

const ctx = useTestApp({ actors: true });

let server: Server;
let base: string;
/** The picture server is on the loopback: the import lets that one address through, nothing else. */
const loopbackOnly = { allowAddress: (a: string) => a === "127.0.0.1" || a === "::ffff:127.0.0.1" };

beforeAll(async () => {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    if (request.url === "/face.png") response.writeHead(200, { "content-type": "image/png" }).end(png);
    else if (request.url === "/page.html") response.writeHead(200, { "content-type": "text/html" }).end("<p>");
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const preview = (token: string, text: string, filename = "produits.csv") =>
  ctx.call("POST", "/api/admin/products/import/preview", {
    token,
    multipart: [{ name: "file", filename, type: "text/csv", bytes: Buffer.from(text) }],
  });

const apply = (token: string, id: string) => ctx.call("POST", `/api/admin/products/import/${id}/apply`, { token });

/** The queue's runner, as every app server runs it, with the app's handler (loopback pictures allowed). */
const runJobs = () =>
  runDueJobs({
    db: ctx.database.db,
    handlers: {
      [CATALOGUE_IMPORT_JOB]: (job) =>
        runImport(ctx.database.db, String((job.payload as { importId: string }).importId), {
          files: ctx.app.files,
          images: loopbackOnly,
        }),
    },
    log: { info: () => {}, error: () => {} },
  });

const exported = async (token: string) => {
  const res = await ctx.call("GET", "/api/admin/products/export.csv", { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

const HEADER =
  "Handle;Title;Body (HTML);Vendor;Type;Status;Option1 Name;Option1 Value;Variant SKU;Variant Price;Variant Compare At Price;Variant Inventory Qty;Image Src";

describe("applying an import", () => {
  let phone: string;

  beforeAll(async () => {
    const res = await uploadProduct(ctx, ctx.actors.admin, {
      productName: "Téléphone Quokka été",
      brandName: "Tecno",
      category: "SMARTPHONES",
      description: "Écran 6,7 pouces ; garantie « 6 mois ».",
    });
    phone = res.json().data._id;
    const saved = await ctx.call("POST", `/api/admin/products/${phone}/variants`, {
      token: ctx.actors.admin,
      payload: {
        options: [{ name: "Couleur", values: ["Noir", "Bleu"] }],
        variants: [
          { optionValues: ["Noir"], price: 120000, sellingPrice: 110000, stock: 4, images: [] },
          { optionValues: ["Bleu"], price: 120000, sellingPrice: 120000, stock: null, images: [] },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await ctx.database.db
      .update(productVariants)
      .set({ sku: sql`'QKA-' || ${productVariants.optionValues}[1]` })
      .where(eq(productVariants.productId, phone));
    const hidden = await uploadProduct(ctx, ctx.actors.admin, {
      productName: "Brouillon Quokka",
      brandName: "Tecno",
      category: "ACCESSOIRES",
      hidden: true,
    });
    expect(hidden.statusCode).toBe(201);
  });

  it("writes each product in its transaction with its audit lines, pictures fetched or named, then the export re-imports as unchanged", async () => {
    const csv = await exported(ctx.actors.admin);
    const columns = (csv.replace(/^\uFEFF/, "").split("\r\n")[0] ?? "").split(";");
    /** A line of the export's own columns. */
    const row = (cells: Record<string, string>) => columns.map((c) => cells[c] ?? "").join(";");
    expect(csv).toContain(";QKA-Noir;110000;");
    const file = csv.replace(";QKA-Noir;110000;", ";QKA-Noir;99000;").concat(
      [
        row({
          Handle: "quokka-neuf",
          Title: "Quokka Neuf à côté",
          Vendor: "Tecno",
          Type: "ACCESSOIRES",
          Status: "draft",
          "Variant SKU": "QKN-1",
          "Variant Price": "15000",
          "Variant Compare At Price": "18000",
          "Variant Inventory Qty": "7",
          "Image Src": `${base}/face.png`,
        }),
        row({ Handle: "quokka-neuf", "Image Src": `${base}/page.html` }),
        row({
          Handle: "quokka-interne",
          Title: "Quokka Interne",
          Vendor: "Tecno",
          Type: "ACCESSOIRES",
          Status: "active",
          "Variant Price": "5000",
          "Image Src": "http://10.0.0.1/photo.jpg",
        }),
      ].join("\r\n"),
      "\r\n",
    );
    const res = await preview(ctx.actors.admin, file);
    expect(res.statusCode, res.body).toBe(200);
    const { counts, importId } = res.json().data;
    expect(counts).toMatchObject({ create: 2, update: 1, unchanged: 1, refused: 0 });

    // Only its maker follows it; nothing is written before the confirmation.
    expect(
      (await ctx.call("GET", `/api/admin/products/import/${importId}`, { token: ctx.actors.otherAdmin })).statusCode,
    ).toBe(404);
    expect((await apply(ctx.actors.otherAdmin, importId)).statusCode).toBe(404);
    const shown = await ctx.call("GET", `/api/admin/products/import/${importId}`, { token: ctx.actors.admin });
    expect(shown.json().data).toMatchObject({ state: "previewed", done: 0, total: 4, fileName: "produits.csv" });

    const started = await apply(ctx.actors.admin, importId);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ message: MSG.importStarted, data: { state: "waiting" } });
    const again = await apply(ctx.actors.admin, importId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.importAlreadyStarted);
    const [line] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "catalogue-import"), eq(auditLog.entityId, importId)));
    expect(line).toMatchObject({ action: "import", actorId: ctx.actors.adminUser.id });

    expect(await runJobs()).toBe(1);
    const latest = await ctx.call("GET", "/api/admin/products/import/latest", { token: ctx.actors.admin });
    const done = latest.json().data;
    expect(done).toMatchObject({ _id: importId, state: "done", done: 4, total: 4 });
    expect(done.report).toMatchObject({ created: 2, updated: 1, unchanged: 1, refused: 0, failures: [] });
    expect(done.report.images).toEqual([
      expect.objectContaining({
        handle: "quokka-neuf",
        url: `${base}/page.html`,
        reason: expect.stringMatching(/image/),
      }),
      expect.objectContaining({
        handle: "quokka-interne",
        url: "http://10.0.0.1/photo.jpg",
        reason: "adresse interne ou privée refusée",
      }),
    ]);

    // The update: the price changed, as a form would change it; the stock untouched.
    const [noir] = await ctx.database.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, phone), eq(productVariants.sku, "QKA-Noir")));
    expect(noir).toMatchObject({ sellingPrice: 99000, price: 120000, stock: 4 });
    // The creation: its handle, SKU, stock (as a movement), the picture stored as an upload, hidden.
    const [made] = await ctx.database.db.select().from(products).where(eq(products.handle, "quokka-neuf"));
    expect(made).toMatchObject({ productName: "Quokka Neuf à côté", hidden: true, userId: ctx.actors.adminUser.id });
    expect(made?.productImage).toHaveLength(1);
    expect(made?.productImage[0]).toMatch(/^\/uploads\//);
    const [variant] = await ctx.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, made!.id));
    expect(variant).toMatchObject({ sku: "QKN-1", price: 18000, sellingPrice: 15000, stock: 7 });
    const moves = await ctx.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, variant!.id));
    expect(moves.map((m) => m.delta)).toEqual([7]);
    const [inner] = await ctx.database.db.select().from(products).where(eq(products.handle, "quokka-interne"));
    expect(inner?.productImage).toEqual([]);
    const lines = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, made!.id)));
    expect(lines.map((l) => l.action)).toEqual(["create", "variants"]);

    // The round trip: the catalogue as it now is, exported and previewed, changes nothing.
    const back = await preview(ctx.actors.admin, await exported(ctx.actors.admin));
    expect(back.json().data.counts).toMatchObject({ create: 0, update: 0, refused: 0, unchanged: 4 });
  });

  it("plans again when it runs: a product the shop now refuses is left out whole, the others written", async () => {
    const file = [
      HEADER,
      "wombat-un;Wombat Un;;Tecno;ACCESSOIRES;active;;;WMB-1;5000;;3;",
      "wombat-deux;Wombat Deux;;Tecno;ACCESSOIRES;active;;;WMB-2;6000;;2;",
    ].join("\r\n");
    const res = await preview(ctx.actors.admin, file);
    const { importId, counts } = res.json().data;
    expect(counts).toMatchObject({ create: 2 });
    expect((await apply(ctx.actors.admin, importId)).statusCode).toBe(202);
    // Another admin gives one of the SKUs to a product of theirs before the job runs.
    const other = await uploadProduct(ctx, ctx.actors.otherAdmin, { productName: "Wombat d'un autre" });
    await ctx.database.db
      .update(productVariants)
      .set({ sku: "WMB-2" })
      .where(eq(productVariants.productId, other.json().data._id));

    expect(await runJobs()).toBe(1);
    const [row] = await ctx.database.db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
    expect(row).toMatchObject({ state: "done", done: 2 });
    expect(row?.report).toMatchObject({ created: 1, refused: 1 });
    expect((row!.report as { failures: unknown[] }).failures).toEqual([
      { line: 3, handle: "wombat-deux", reason: MSG.csvNotOwned },
    ]);
    const named = await ctx.database.db
      .select({ handle: products.handle })
      .from(products)
      .where(sql`${products.handle} in ('wombat-un', 'wombat-deux')`);
    expect(named.map((p) => p.handle)).toEqual(["wombat-un"]);
    const [job] = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `${CATALOGUE_IMPORT_JOB}:${importId}`));
    expect(job?.state).toBe("done");
  });

  it("runs again without writing twice: a finished import answers its report, a half-done one goes on", async () => {
    const file = [
      HEADER,
      "koala-un;Koala Un;;Tecno;ACCESSOIRES;active;;;;5000;;;",
      "koala-deux;Koala Deux;;Tecno;ACCESSOIRES;active;;;;6000;;;",
    ].join("\r\n");
    const { importId } = (await preview(ctx.actors.admin, file)).json().data;
    await apply(ctx.actors.admin, importId);
    await runJobs();
    // As if its server had died after the first product: the second is written again, the first not.
    await ctx.database.db.delete(products).where(eq(products.handle, "koala-deux"));
    await ctx.database.db
      .update(catalogueImports)
      .set({
        state: "running",
        done: 1,
        report: { created: 1, updated: 0, unchanged: 0, refused: 0, failures: [], images: [] },
      })
      .where(eq(catalogueImports.id, importId));
    const report = await runImport(ctx.database.db, importId, { files: ctx.app.files });
    expect(report).toMatchObject({ created: 2, unchanged: 0 });
    const named = await ctx.database.db
      .select({ handle: products.handle })
      .from(products)
      .where(sql`${products.handle} like 'koala-%'`)
      .orderBy(products.handle);
    expect(named.map((p) => p.handle)).toEqual(["koala-deux", "koala-un"]);
    expect(await runImport(ctx.database.db, importId, { files: ctx.app.files })).toEqual(report);
  });

  it("keeps one unconfirmed preview per admin", async () => {
    const file = [HEADER, "panda;Panda;;Tecno;ACCESSOIRES;active;;;;5000;;;"].join("\r\n");
    const first = (await preview(ctx.actors.otherAdmin, file)).json().data.importId;
    const second = (await preview(ctx.actors.otherAdmin, file)).json().data.importId;
    expect(second).not.toBe(first);
    expect((await apply(ctx.actors.otherAdmin, first)).statusCode).toBe(404);
    const kept = await ctx.database.db
      .select({ id: catalogueImports.id })
      .from(catalogueImports)
      .where(and(eq(catalogueImports.userId, ctx.actors.otherAdminUser.id), eq(catalogueImports.state, "previewed")));
    expect(kept).toEqual([{ id: second }]);
  });

  it("writes nothing for a maker who is no longer staff when it runs", async () => {
    const seller = await createUser(ctx, "ADMIN");
    const token = await tokenFor(ctx, seller);
    const file = [HEADER, "ornithorynque;Ornithorynque;;Tecno;ACCESSOIRES;active;;;;5000;;;"].join("\r\n");
    const { importId } = (await preview(token, file)).json().data;
    expect((await apply(token, importId)).statusCode).toBe(202);
    await ctx.database.db.update(users).set({ role: "GENERAL" }).where(eq(users.id, seller.id));
    expect(await runJobs()).toBe(1);
    const [row] = await ctx.database.db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
    expect(row).toMatchObject({ state: "failed", done: 0 });
    expect(await ctx.database.db.select().from(products).where(eq(products.handle, "ornithorynque"))).toEqual([]);
  });
});
