import type { ProductRating } from "@shop/shared";

// Intl rounds half away from zero, like the server's round(avg, 1): 4.25 reads "4,3".
const oneDecimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

/** An average of 1 to 5 stars as a French reader writes it: "4,3", "5". */
export const formatRating = (average: number) => oneDecimal.format(average);

export const STAR_PATH = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/** Five stars in a row; the viewBox is 100 x 20, one star per 20 units. */
export function StarRow({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 100 20" className={className} aria-hidden="true" focusable="false">
      {[0, 20, 40, 60, 80].map((x) => (
        <path key={x} d={STAR_PATH} transform={`translate(${x} 0)`} />
      ))}
    </svg>
  );
}

/** Stars filled to `value` (0 to 5, fractions too), announced as `label`. */
export function StarBar({ value, label }: { value: number; label: string }) {
  const filled = `${(Math.min(Math.max(value, 0), 5) / 5) * 100}%`;
  return (
    <span role="img" aria-label={label} className="relative inline-block h-4 w-20">
      <StarRow className="absolute inset-0 h-4 w-20 fill-slate-300" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: filled }}>
        <StarRow className="h-4 w-20 max-w-none fill-amber-500" />
      </span>
    </span>
  );
}

/**
 * The customers' real rating (never an invented one, SPEC.md §2 fixed): stars filled to the
 * average, "(n/5)" and the number of reviews; a sentence when nobody has reviewed the product.
 */
export function Rating({ rating }: { rating: ProductRating }) {
  if (rating.average === null || rating.count === 0) {
    return <p className="mt-2 text-sm text-slate-600">Pas encore d'avis sur ce produit.</p>;
  }
  const text = formatRating(rating.average);
  return (
    <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
      <StarBar value={rating.average} label={`Note : ${text} sur 5`} />
      <span aria-hidden="true">({text}/5)</span>
      <span>{rating.count} avis</span>
    </p>
  );
}
