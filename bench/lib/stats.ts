/** The p-th percentile of sorted values (nearest rank); NaN when there are none. */
export const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : Number.NaN;
