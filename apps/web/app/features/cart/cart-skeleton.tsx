/** How many line placeholders show while the cart loads (decision 016: most carts hold one to three lines). */
export const CART_SKELETON_LINES = 3;

const block = "animate-pulse rounded bg-slate-200";

/** The cart's shape while a browser navigation asks for it: lines, then the 'Sommation' panel. */
export function CartSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
      <p role="status" className="sr-only">
        Chargement du panier…
      </p>
      <ul aria-hidden="true" className="flex flex-col gap-3">
        {Array.from({ length: CART_SKELETON_LINES }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className="flex gap-3 rounded-lg bg-white p-3 ring-1 ring-slate-200">
            <div className={`size-24 shrink-0 rounded-md ${block}`} />
            <div className="flex flex-1 flex-col gap-2">
              <div className={`h-4 w-4/5 ${block}`} />
              <div className={`h-3 w-1/3 ${block}`} />
              <div className={`h-4 w-1/2 ${block}`} />
              <div className={`mt-1 h-10 w-32 rounded-full ${block}`} />
            </div>
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <div className={`h-8 ${block}`} />
        <div className={`mt-4 h-4 w-2/3 ${block}`} />
        <div className={`mt-2 h-4 w-3/4 ${block}`} />
        <div className={`mt-4 h-12 rounded-full ${block}`} />
      </div>
    </div>
  );
}
