/** A product card's shape while its data is on the way (SPEC.md §9: 13 in rows and grids, 6 in paged sections). */
export function CardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full animate-pulse flex-col overflow-hidden rounded-lg bg-white ring-1 ring-slate-200"
    >
      <div className="aspect-square bg-slate-200" />
      <div className="space-y-2 p-3">
        <div className="h-3 rounded bg-slate-200" />
        <div className="h-3 w-2/3 rounded bg-slate-200" />
        <div className="h-4 w-1/2 rounded bg-slate-200" />
      </div>
    </div>
  );
}

/** `count` card skeletons, laid out by the caller's list class; announced once to screen readers. */
export function SkeletonList({
  count,
  className,
  itemClassName,
}: {
  count: number;
  className: string;
  itemClassName?: string;
}) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Chargement des produits…</span>
      <ul className={className}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className={itemClassName}>
            <CardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
