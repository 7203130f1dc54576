/**
 * Decision 047: the app server applying a catalogue import is killed with SIGKILL in the
 * middle of it. After the restart the queue gives the job again (its lease ran out) and the
 * import goes on at the next product: every product of the file exists once, none is missing,
 * and the report counts each once. The server runs in its own process, as `npm start` runs it,
 * on PostgreSQL when DATABASE_URL is set and on PGlite in its data folder otherwise.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { call } from "../../test/harness.ts";
import { SERVER_ADMIN, type ServerPlace, serverPlace } from "../../test/server-process.ts";

const PRODUCTS = 300;

let place: ServerPlace;
/** Settings that make the test quick. */
const settings = () => ({ JOBS_POLL_INTERVAL_MS: "200", JOBS_LEASE_MS: "2000" });

beforeAll(async () => {
  place = await serverPlace();
});
afterAll(async () => {
  await place?.close();
});

const csv = () =>
  [
    "Handle;Title;Vendor;Type;Variant SKU;Variant Price;Variant Inventory Qty",
    ...Array.from(
      { length: PRODUCTS },
      (_, i) => `crash-${i};Produit ${i} été;Tecno;ACCESSOIRES;CR-${i};${5000 + i};3`,
    ),
  ].join("\r\n");

type ImportState = { state: string; done: number; total: number; report: Record<string, number> };

it("an import whose server was killed mid-way goes on after the restart: each product written once", async () => {
  const base = place.base;
  let server = await place.start(settings());
  try {
    const signIn = await call(base, "POST", "/api/signin", {
      payload: SERVER_ADMIN,
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().data as string;
    const form = new FormData();
    form.append("file", new Blob([csv()], { type: "text/csv" }), "produits.csv");
    const preview = await fetch(`${base}/api/admin/products/import/preview`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(preview.status).toBe(200);
    const { importId, counts } = ((await preview.json()) as { data: { importId: string; counts: object } }).data;
    expect(counts).toMatchObject({ create: PRODUCTS });
    const status = async () =>
      (await call(base, "GET", `/api/admin/products/import/${importId}`, { token })).json().data as ImportState;

    expect((await call(base, "POST", `/api/admin/products/import/${importId}/apply`, { token })).statusCode).toBe(202);
    let seen = await status();
    for (let i = 0; i < 600 && seen.done < 10; i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await status();
    }
    expect(seen.done).toBeGreaterThanOrEqual(10);
    expect(seen.done).toBeLessThan(PRODUCTS);
    await server.kill();

    server = await place.start(settings());
    for (let i = 0; i < 600 && seen.state !== "done"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      seen = await status();
    }
    expect(seen).toMatchObject({ state: "done", done: PRODUCTS, total: PRODUCTS });
    expect(seen.report).toMatchObject({ created: PRODUCTS, updated: 0, unchanged: 0, refused: 0 });

    // Every product once: the export lists each handle on one line, no more.
    const exported = await call(base, "GET", "/api/admin/products/export.csv?q=", { token });
    const handles = exported.body
      .split("\r\n")
      .map((line) => line.split(";")[0])
      .filter((h) => h?.startsWith("crash-"));
    expect(handles).toHaveLength(PRODUCTS);
    expect(new Set(handles).size).toBe(PRODUCTS);
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await server.stop();
  }
}, 180_000);
