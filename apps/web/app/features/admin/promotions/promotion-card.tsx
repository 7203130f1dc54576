import type { AdminPromotion, PromotionState } from "@shop/shared";
import { formatPrice } from "@shop/shared/core";
import { Form, Link } from "react-router";
import { discountWords, KIND_LABELS, periodWords, STATE_LABELS, targetWords, usesWords } from "./promotion-form-values";
import { PROMOTIONS_PATH } from "./promotions-paths";

const STATE_STYLES: Record<PromotionState, string> = {
  scheduled: "bg-sky-100 text-sky-900",
  running: "bg-green-100 text-green-900",
  paused: "bg-amber-100 text-amber-900",
  ended: "bg-slate-200 text-slate-800",
};

const small =
  "min-h-11 rounded-full border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-50";

/** A button posting a state change: each its own form, so that it works without scripts. */
function StateButton({
  promotion,
  intent,
  label,
  busy,
}: {
  promotion: AdminPromotion;
  intent: string;
  label: string;
  busy: boolean;
}) {
  return (
    <Form method="post" action={PROMOTIONS_PATH} className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={promotion._id} />
      <button type="submit" disabled={busy} className={small} aria-label={`${label} : ${promotion.name}`}>
        {label}
      </button>
    </Form>
  );
}

/** One sale or code: what it gives, when, its state, what it has brought, and what can be done to it. */
export function PromotionCard({ promotion, busy }: { promotion: AdminPromotion; busy: boolean }) {
  const { state, summary } = promotion;
  const figures = [
    ["Commandes", String(summary.orders)],
    ["Unités", String(summary.units)],
    ["Chiffre d'affaires", formatPrice(summary.revenue)],
    ["Réduction accordée", formatPrice(summary.discount)],
  ] as const;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold">{promotion.name}</h3>
        <p className="font-semibold">{discountWords(promotion)}</p>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {KIND_LABELS[promotion.kind]}
        {promotion.code && (
          <span className="rounded bg-slate-100 px-2 py-0.5 font-mono font-semibold text-slate-900 ring-1 ring-slate-300">
            {promotion.code}
          </span>
        )}
        <span className={`rounded-full px-2 py-0.5 font-semibold ${STATE_STYLES[state]}`}>{STATE_LABELS[state]}</span>
      </p>
      <p className="mt-1 text-sm">{periodWords(promotion)}</p>
      <p className="mt-1 text-sm text-slate-700">{targetWords(promotion)}</p>
      {promotion.kind === "code" && <p className="mt-1 text-sm">{usesWords(promotion)}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 p-2">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {state !== "ended" && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to={`${PROMOTIONS_PATH}?edit=${promotion._id}`}
            className={`${small} text-brand`}
            aria-label={`Modifier ${promotion.name}`}
          >
            Modifier
          </Link>
          {state === "paused" ? (
            <StateButton promotion={promotion} intent="resume" label="Reprendre" busy={busy} />
          ) : (
            <StateButton promotion={promotion} intent="pause" label="Mettre en pause" busy={busy} />
          )}
          <StateButton promotion={promotion} intent="end" label="Terminer maintenant" busy={busy} />
        </div>
      )}
    </>
  );
}
