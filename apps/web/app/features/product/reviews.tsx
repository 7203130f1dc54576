import type { ProductRating, Review } from "@shop/shared";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Field, inputClass } from "../../components/ui/field";
import { SubmitButton } from "../../components/ui/submit-button";
import { toast } from "../../components/ui/toast";
import { formatDate } from "../../lib/format-date";
import { STAR_PATH, StarBar } from "./rating";

/** How many reviews the page shows: the newest ones. */
export const REVIEWS_SHOWN = 20;

export interface ReviewList {
  reviews: Review[];
  total: number;
}

/** What the product page's action answers to a review: the new rating and list, or why not. */
export type ReviewResult =
  | { ok: true; message: string; rating: ProductRating; list: ReviewList }
  | { ok: false; message: string; fieldErrors: { rating?: string; comment?: string } };

/** One fetcher shared by the form, the list and the stars at the top of the page. */
export const reviewFetcherKey = (productId: string) => `review-${productId}`;

/** The latest answer to this page's review form, if any: the page's rating and list follow it. */
export function useReviewResult(productId: string): ReviewResult | undefined {
  return useFetcher<ReviewResult>({ key: reviewFetcherKey(productId) }).data;
}

/**
 * 1 to 5 stars as radio buttons (keyboard: arrows), the chosen ones filled. A star chosen
 * before the scripts ran is taken over when they do (decision 027, "The first tap").
 */
function StarPicker({ value, onChange, error }: { value: number; onChange: (n: number) => void; error?: string }) {
  const box = useRef<HTMLFieldSetElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the scripts take the page over
  useEffect(() => {
    const chosen = box.current?.querySelector<HTMLInputElement>("input:checked");
    if (chosen && Number(chosen.value) !== value) onChange(Number(chosen.value));
  }, []);
  return (
    <fieldset ref={box} aria-describedby={error ? "review-rating-error" : undefined}>
      <legend className="font-medium">Votre note</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            // Filled up to the checked star by CSS alone, so a star tapped before the scripts ran shows.
            className="grid size-11 cursor-pointer place-items-center rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand [&:has(:checked)_svg]:fill-amber-500 [&:has(~label_:checked)_svg]:fill-amber-500"
          >
            <input
              type="radio"
              name="rating"
              value={n}
              required
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <svg viewBox="0 0 20 20" aria-hidden="true" className="size-8 fill-slate-300">
              <path d={STAR_PATH} />
            </svg>
            <span className="sr-only">
              {n} étoile{n > 1 ? "s" : ""}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="review-rating-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A signed-in customer's review: new, or theirs to change (sent again, it replaces the first). */
function ReviewForm({ productId, mine, answered }: { productId: string; mine?: Review; answered?: ReviewResult }) {
  const fetcher = useFetcher<ReviewResult>({ key: reviewFetcherKey(productId) });
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const sending = fetcher.state !== "idle";
  const result = fetcher.data ?? answered;
  const failed = result && !result.ok ? result : undefined;
  return (
    <fetcher.Form method="post" className="mt-4 space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h3 className="font-bold">{mine ? "Modifier mon avis" : "Donner mon avis"}</h3>
      <input type="hidden" name="intent" value="review" />
      <StarPicker value={rating} onChange={setRating} error={failed?.fieldErrors.rating} />
      <Field id="review-comment" name="comment" label="Commentaire (facultatif)" error={failed?.fieldErrors.comment}>
        {(props) => (
          <textarea {...props} rows={3} maxLength={1000} defaultValue={mine?.comment} className={inputClass} />
        )}
      </Field>
      {failed && !failed.fieldErrors.rating && !failed.fieldErrors.comment && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failed.message}
        </p>
      )}
      <SubmitButton busy={sending} busyLabel="Envoi…">
        {mine ? "Modifier mon avis" : "Publier mon avis"}
      </SubmitButton>
    </fetcher.Form>
  );
}

/**
 * 'Avis des clients': the newest reviews, and for a signed-in customer the form to give (or
 * change) theirs; a visitor is invited to sign in and comes back here afterwards.
 */
export function Reviews({
  productId,
  list,
  userId,
  answered,
}: {
  productId: string;
  list: ReviewList;
  /** The signed-in customer, or undefined for a visitor. */
  userId?: string;
  /** The form posted before the scripts ran (or without them): the page's action's answer. */
  answered?: ReviewResult;
}) {
  const sent = useReviewResult(productId);
  const result = sent ?? answered;
  const shown = result?.ok ? result.list : list;
  useEffect(() => {
    if (!sent) return;
    if (sent.ok) toast.success(sent.message);
    else toast.error(sent.message);
  }, [sent]);
  const mine = userId ? shown.reviews.find((r) => r.userId === userId) : undefined;
  return (
    <section aria-labelledby="reviews" className="mt-10" id="avis">
      <h2 id="reviews" className="text-lg font-bold">
        Avis des clients ({shown.total})
      </h2>
      {shown.reviews.length === 0 ? (
        <p className="mt-2 text-slate-700">Soyez le premier à donner votre avis sur ce produit.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {shown.reviews.map((review) => (
            <li key={review._id} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <StarBar value={review.rating} label={`${review.rating} sur 5`} />
                <span className="font-semibold">{review.userName}</span>
                <span className="text-slate-600">· {formatDate(review.updatedAt)}</span>
              </p>
              {review.comment && <p className="mt-1 whitespace-pre-line text-slate-800">{review.comment}</p>}
            </li>
          ))}
        </ul>
      )}
      {shown.total > shown.reviews.length && (
        <p className="mt-2 text-sm text-slate-600">Les {shown.reviews.length} avis les plus récents sont affichés.</p>
      )}
      {/* Said where the toast would have said it, for a form posted without the scripts. */}
      {!sent && answered?.ok && (
        <p
          role="status"
          className="mt-3 rounded-md bg-green-50 p-3 font-medium text-green-950 ring-1 ring-green-700/30"
        >
          {answered.message}
        </p>
      )}
      {userId ? (
        // Keyed by the customer's review: after it is saved, the form shows it as theirs.
        <ReviewForm key={mine?._id ?? "new"} productId={productId} mine={mine} answered={sent ? undefined : answered} />
      ) : (
        <p className="mt-4">
          <Link
            to={`/login?redirectTo=${encodeURIComponent(`/product/${productId}`)}`}
            className="font-semibold text-brand underline"
          >
            Connectez-vous pour donner votre avis
          </Link>
        </p>
      )}
    </section>
  );
}
