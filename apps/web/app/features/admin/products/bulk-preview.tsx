import type { BulkPreview } from "@shop/shared";
import { formatPrice } from "@shop/shared/core";
import type { MouseEvent } from "react";
import { type FetcherWithComponents, Link, useLocation } from "react-router";
import { type BulkAnswer, bulkHiddenFields } from "./bulk-form-values";
import { archivedText, cappedText, changeText, headlineText, othersText } from "./bulk-text";

const APPLY =
  "min-h-11 rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark";
const CANCEL =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-white px-5 font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark";

type PreviewAnswer = Extract<BulkAnswer, { bulk: "preview"; ok: true }>;
type BulkSample = BulkPreview["sample"][number];

/**
 * The preview of a bulk change (decision 048): how many products, the change in words, how
 * many a deletion archives instead and how many raised prices stop at the old price, the first
 * products as they are and would become; then 'Appliquer', a form that posts the change
 * previewed again (hidden fields), and 'Annuler', a link back to the same grid (with scripts,
 * it only closes the preview, keeping the selection).
 */
export function BulkPreviewSection({
  answer,
  fetcher,
  busy,
  hydrated,
  headingRef,
  onCancel,
}: {
  answer: PreviewAnswer;
  fetcher: FetcherWithComponents<BulkAnswer>;
  busy: boolean;
  hydrated: boolean;
  headingRef: (element: HTMLHeadingElement | null) => void;
  onCancel: () => void;
}) {
  const { preview, input } = answer;
  const { action } = input;
  const location = useLocation();
  const others = preview.count - preview.sample.length;
  const cancel = (event: MouseEvent) => {
    event.preventDefault();
    onCancel();
  };
  return (
    <section
      aria-labelledby="bulk-preview-title"
      className="mt-4 space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-300"
    >
      <h3 id="bulk-preview-title" ref={headingRef} tabIndex={-1} className="text-lg font-bold">
        Aperçu du changement
      </h3>
      <p className="font-semibold">{headlineText(preview.count, action)}</p>
      <p>{changeText(action)}</p>
      {action.kind === "delete" && <p>{archivedText(preview.archived)}</p>}
      {action.kind === "price" && preview.capped > 0 && <p>{cappedText(preview.capped)}</p>}
      {preview.sample.length > 0 && (
        <ul aria-label="Exemples, avant et après" className="divide-y divide-slate-200">
          {preview.sample.map((sample) => (
            <SampleItem key={sample._id} sample={sample} />
          ))}
        </ul>
      )}
      {others > 0 && <p className="text-sm text-slate-700">{othersText(others)}</p>}
      <fetcher.Form method="post" className="flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="intent" value="bulk-apply" />
        {bulkHiddenFields(input).map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        {/* Posted by the browser itself: answered by a redirect, so a reload does not apply it again. */}
        {!hydrated && <input type="hidden" name="redirect" value="1" />}
        <button type="submit" disabled={busy} className={APPLY}>
          Appliquer
        </button>
        <Link to={`${location.pathname}${location.search}`} onClick={cancel} className={CANCEL}>
          Annuler
        </Link>
      </fetcher.Form>
    </section>
  );
}

function SampleItem({ sample }: { sample: BulkSample }) {
  return (
    <li className="py-2">
      <p className="font-semibold break-words">{sample.productName}</p>
      <p className="text-sm">
        Prix : <Change before={formatPrice(sample.sellingPrice)} after={formatPrice(sample.sellingPriceAfter)} />
      </p>
      <p className="text-sm">
        Catégorie : <Change before={sample.category} after={sample.categoryAfter} />
      </p>
    </li>
  );
}

/** A value as it is, and as it would become when the change moves it. */
function Change({ before, after }: { before: string; after: string }) {
  if (before === after) return <span>{before}</span>;
  return (
    <>
      <span className="sr-only">de </span>
      <span className="text-slate-700">{before}</span>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> à </span>
      <span className="font-semibold">{after}</span>
    </>
  );
}
