import type { CatalogueImport } from "@shop/shared";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ImportAnswer } from "./import-actions.server";
import { anImport, aPreview } from "./import-fixtures";
import { ImportScreen, PROGRESS_POLL_MS } from "./import-screen";

const PATH = "/admin-panel/all-products/import";

/** The page as its route gives it: `loads` are the loader's successive answers (the last one stays). */
async function renderAt(loads: (CatalogueImport | null)[], answer: ImportAnswer | null = null) {
  let n = 0;
  const Stub = createRoutesStub([
    {
      path: PATH,
      Component: ({ loaderData }: { loaderData: { current: CatalogueImport | null } }) => (
        <ImportScreen current={loaderData.current} answer={answer} />
      ),
      loader: () => ({ current: loads[Math.min(n++, loads.length - 1)] ?? null }),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={[PATH]} />);
  await screen.findByRole("heading", { level: 1, name: "Importer des produits" });
}

describe("'Importer des produits'", () => {
  it("offers a multipart form for the file, which works without scripts", async () => {
    await renderAt([null]);
    const file = screen.getByLabelText("Fichier CSV") as HTMLInputElement;
    expect(file.type).toBe("file");
    expect(file.required).toBe(true);
    const form = file.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    expect((form.querySelector("input[name=intent]") as HTMLInputElement).value).toBe("preview");
    expect(within(form).getByRole("button", { name: "Prévisualiser" })).toBeTruthy();
  });

  it("shows the preview: counts, products, refused lines with their reasons, and the confirmation", async () => {
    await renderAt([null], { ok: true, preview: aPreview() });
    const preview = screen.getByRole("region", { name: "Aperçu" });
    expect(within(preview).getByText("4 lignes lues (Windows-1252, séparateur « ; »).")).toBeTruthy();
    const counts = within(preview)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    expect(counts).toEqual(["1", "1", "0", "1"]);
    expect(within(preview).getByText("Câble tressé")).toBeTruthy();
    const table = within(preview).getByRole("table");
    expect(within(table).getByText("Lignes refusées (1) : leur produit n'est pas importé")).toBeTruthy();
    expect(within(table).getByRole("row", { name: /4 pirate Prix/ })).toBeTruthy();
    const confirm = within(preview).getByRole("button", { name: "Confirmer l'import" }).closest("form")!;
    expect(Object.fromEntries(new FormData(confirm))).toEqual({ intent: "apply", importId: aPreview().importId });
  });

  it("says when the file changes nothing, and offers no confirmation", async () => {
    const counts = { rows: 2, create: 0, update: 0, unchanged: 2, refused: 0, refusedLines: 0 };
    await renderAt([null], { ok: true, preview: aPreview({ counts, create: [], update: [], refused: [] }) });
    expect(screen.getByText("Rien à importer : ce fichier ne change aucun produit.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Confirmer l'import" })).toBeNull();
  });

  it("says the refusal of a file", async () => {
    await renderAt([null], { ok: false, message: "Le fichier dépasse 10 Mo : découpez-le en plusieurs fichiers." });
    expect(screen.getByRole("alert").textContent).toBe("Le fichier dépasse 10 Mo : découpez-le en plusieurs fichiers.");
  });

  it("finds a previewed import again after a reload, ready to confirm", async () => {
    await renderAt([anImport({ state: "previewed", done: 0 })]);
    expect(screen.getByRole("heading", { name: "Import prêt à confirmer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Confirmer l'import" })).toBeTruthy();
  });

  it("follows a running import with its progress bar, reading it again until its report", async () => {
    const done = anImport({
      state: "done",
      done: 40,
      finishedAt: "2026-11-28T15:01:00.000Z",
      report: {
        created: 29,
        updated: 10,
        unchanged: 0,
        refused: 1,
        failures: [{ line: 7, handle: "zorro", reason: "Non enregistré : ce SKU est pris par un autre produit" }],
        images: [
          { line: 9, handle: "tigre", url: "http://10.0.0.1/a.jpg", reason: "adresse interne ou privée refusée" },
        ],
      },
    });
    await renderAt([anImport(), done]);
    const bar = screen.getByRole("progressbar", { name: "12 / 40 produits traités" }) as HTMLProgressElement;
    expect(bar.value).toBe(12);
    expect(bar.max).toBe(40);
    expect(screen.getByRole("link", { name: "Actualiser" }).getAttribute("href")).toBe(`${PATH}?id=${anImport()._id}`);
    expect(screen.queryByLabelText("Fichier CSV")).toBeNull();

    const report = await screen.findByRole("region", { name: "Import terminé" }, { timeout: PROGRESS_POLL_MS * 3 });
    expect(within(report).getByRole("status").textContent).toBe("« produits.csv » : 40 produits traités.");
    expect(
      within(report)
        .getAllByRole("definition")
        .map((d) => d.textContent),
    ).toEqual(["29", "10", "0", "1"]);
    expect(within(report).getByRole("row", { name: /7 zorro Non enregistré/ })).toBeTruthy();
    expect(within(report).getByRole("row", { name: /9 http:\/\/10\.0\.0\.1\/a\.jpg adresse interne/ })).toBeTruthy();
    expect(screen.getByLabelText("Fichier CSV")).toBeTruthy();
  });
});
