import type { CatalogueImport, CataloguePreview, ImageFailure, PlannedProduct, RefusedLine } from "@shop/shared";
import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { plural } from "../orders/order-format";
import { IMPORT_PATH, PRODUCTS_PATH } from "../products/products-query";
import type { ImportAnswer } from "./import-actions.server";

/** How often the page reads a running import's progress again, with scripts. */
export const PROGRESS_POLL_MS = 1500;

const BUTTON = "min-h-11 rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60";
const BOX = "rounded-lg bg-white p-4 ring-1 ring-slate-200";

const isRunning = (current: CatalogueImport | null) => current?.state === "waiting" || current?.state === "running";

/**
 * 'Importer des produits' (decision 047): choose a CSV, read what it would do (to create, to
 * update, unchanged, refused lines with their reasons), confirm, then follow the progress and
 * read the report, also after a reload (the import lives on the server). Every step is a form
 * or a link: it works without scripts, which only read the progress again by themselves.
 */
export function ImportScreen({ current, answer }: { current: CatalogueImport | null; answer: ImportAnswer | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const preview = answer?.ok ? answer.preview : null;
  const running = isRunning(current);
  useProgress(running);

  return (
    <main className="mx-auto max-w-3xl space-y-4">
      <p>
        <Link to={PRODUCTS_PATH} className="font-semibold text-brand-dark underline">
          ← Gestion des Produits
        </Link>
      </p>
      <h1 className="text-2xl font-extrabold">Importer des produits</h1>
      {answer && !answer.ok && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-medium text-red-800 ring-1 ring-red-200">
          {answer.message}
        </p>
      )}
      {running && current ? (
        <Progress current={current} />
      ) : (
        <>
          <FileForm busy={busy} />
          {preview ? (
            <Preview preview={preview} busy={busy} />
          ) : (
            current?.state === "previewed" && <Confirm id={current._id} counts={current.counts} busy={busy} />
          )}
          {current && (current.state === "done" || current.state === "failed") && !preview && (
            <Report current={current} />
          )}
        </>
      )}
    </main>
  );
}

/** While an import runs, the page reads it again every so often (scripts only; a link otherwise). */
function useProgress(running: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!running || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), PROGRESS_POLL_MS);
    return () => clearTimeout(timer);
  }, [running, state, revalidate]);
}

function FileForm({ busy }: { busy: boolean }) {
  return (
    <Form method="post" encType="multipart/form-data" className={`${BOX} space-y-3`}>
      <input type="hidden" name="intent" value="preview" />
      <div>
        <label htmlFor="import-file" className="block font-semibold">
          Fichier CSV
        </label>
        <p id="import-file-help" className="text-sm text-slate-700">
          Le fichier de « Exporter », ou celui de Shopify : une ligne par variante, séparateur « ; » ou « , », UTF-8 ou
          Windows-1252, 10 Mo au plus. Rien n'est enregistré avant votre confirmation.
        </p>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          aria-describedby="import-file-help"
          className="mt-2 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-slate-100 file:px-4 file:font-semibold"
        />
      </div>
      <button type="submit" disabled={busy} className={BUTTON}>
        Prévisualiser
      </button>
    </Form>
  );
}

function Counts({ counts }: { counts: CatalogueImport["counts"] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <Count label="À créer" value={counts.create} />
      <Count label="À modifier" value={counts.update} />
      <Count label="Inchangés" value={counts.unchanged} />
      <Count label="Refusés" value={counts.refused} />
    </dl>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md bg-slate-50 p-2 ring-1 ring-slate-200">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function Preview({ preview, busy }: { preview: CataloguePreview; busy: boolean }) {
  return (
    <section aria-labelledby="preview-title" className={`${BOX} space-y-3`}>
      <h2 id="preview-title" className="text-lg font-bold">
        Aperçu
      </h2>
      <p className="text-sm text-slate-700">
        {plural(preview.counts.rows, "ligne")} lue{preview.counts.rows > 1 ? "s" : ""} (
        {preview.encoding === "utf-8" ? "UTF-8" : "Windows-1252"}, séparateur «{" "}
        {preview.separator === "semicolon" ? ";" : ","} »).
      </p>
      <Counts counts={preview.counts} />
      <Names title="À créer" products={preview.create} more={preview.counts.create} />
      <Names title="À modifier" products={preview.update} more={preview.counts.update} />
      {preview.refused.length > 0 && (
        <Lines
          caption={`Lignes refusées (${preview.counts.refusedLines}) : leur produit n'est pas importé`}
          lines={preview.refused}
        />
      )}
      <ConfirmForm id={preview.importId} counts={preview.counts} busy={busy} />
    </section>
  );
}

/** A previewed import found again after a reload: its counts and its confirmation. */
function Confirm({ id, counts, busy }: { id: string; counts: CatalogueImport["counts"]; busy: boolean }) {
  return (
    <section aria-labelledby="pending-title" className={`${BOX} space-y-3`}>
      <h2 id="pending-title" className="text-lg font-bold">
        Import prêt à confirmer
      </h2>
      <Counts counts={counts} />
      <ConfirmForm id={id} counts={counts} busy={busy} />
    </section>
  );
}

function ConfirmForm({ id, counts, busy }: { id: string; counts: CatalogueImport["counts"]; busy: boolean }) {
  if (counts.create + counts.update === 0)
    return <p className="font-medium">Rien à importer : ce fichier ne change aucun produit.</p>;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="importId" value={id} />
      <button type="submit" disabled={busy} className={BUTTON}>
        Confirmer l'import
      </button>
    </Form>
  );
}

function Names({ title, products, more }: { title: string; products: readonly PlannedProduct[]; more: number }) {
  if (products.length === 0) return null;
  return (
    <details>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">
        {title} ({more})
      </summary>
      <ul className="list-disc space-y-1 pl-6">
        {products.map((p) => (
          <li key={`${p.line}-${p.handle}`}>
            {p.productName} <span className="text-sm text-slate-700">(ligne {p.line})</span>
          </li>
        ))}
      </ul>
      {more > products.length && <p className="text-sm text-slate-700">… et {more - products.length} autres.</p>}
    </details>
  );
}

function Lines({ caption, lines }: { caption: string; lines: readonly RefusedLine[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="pr-2">
              Ligne
            </th>
            <th scope="col" className="pr-2">
              Handle
            </th>
            <th scope="col">Raison</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={`${l.line}-${l.reason}`} className="border-t border-slate-200 align-top">
              <td className="pr-2 tabular-nums">{l.line}</td>
              <td className="break-all pr-2">{l.handle}</td>
              <td>{l.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Images({ images }: { images: readonly ImageFailure[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-semibold">
          Images non reprises (le produit est enregistré sans elles)
        </caption>
        <thead>
          <tr>
            <th scope="col" className="pr-2">
              Ligne
            </th>
            <th scope="col" className="pr-2">
              Image
            </th>
            <th scope="col">Raison</th>
          </tr>
        </thead>
        <tbody>
          {images.map((i) => (
            <tr key={`${i.line}-${i.url}`} className="border-t border-slate-200 align-top">
              <td className="pr-2 tabular-nums">{i.line}</td>
              <td className="break-all pr-2">{i.url}</td>
              <td>{i.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Progress({ current }: { current: CatalogueImport }) {
  return (
    <section aria-labelledby="progress-title" className={`${BOX} space-y-3`}>
      <h2 id="progress-title" className="text-lg font-bold">
        Import en cours
      </h2>
      <label htmlFor="import-progress" className="block">
        {current.state === "waiting"
          ? "En attente d'un serveur…"
          : `${current.done} / ${current.total} produits traités`}
      </label>
      <progress id="import-progress" value={current.done} max={Math.max(1, current.total)} className="h-3 w-full" />
      <p className="text-sm text-slate-700">
        Vous pouvez quitter cette page : l'import continue, et reprend seul si le serveur redémarre.
      </p>
      <Link
        to={`${IMPORT_PATH}?id=${encodeURIComponent(current._id)}`}
        className="font-semibold text-brand-dark underline"
      >
        Actualiser
      </Link>
    </section>
  );
}

function Report({ current }: { current: CatalogueImport }) {
  const { report } = current;
  return (
    <section aria-labelledby="report-title" className={`${BOX} space-y-3`}>
      <h2 id="report-title" className="text-lg font-bold">
        {current.state === "done" ? "Import terminé" : "Import arrêté"}
      </h2>
      <p role="status">
        {current.state === "done"
          ? `« ${current.fileName} » : ${plural(current.total, "produit")} traité${current.total > 1 ? "s" : ""}.`
          : `« ${current.fileName} » : arrêté après ${current.done} produits sur ${current.total}.`}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label="Créés" value={report.created} />
        <Count label="Modifiés" value={report.updated} />
        <Count label="Inchangés" value={report.unchanged} />
        <Count label="Refusés" value={report.refused} />
      </dl>
      {report.failures.length > 0 && <Lines caption="Produits non importés" lines={report.failures} />}
      {report.images.length > 0 && <Images images={report.images} />}
    </section>
  );
}
