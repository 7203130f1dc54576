const block = "animate-pulse rounded bg-slate-200";

/**
 * The product page's shape while a client navigation fetches the product: breadcrumb, photo,
 * thumbnails, brand, title, prices and the three buttons (cart, WhatsApp, call), at their final sizes.
 */
export function ProductSkeleton() {
  return (
    <main className="mx-auto max-w-6xl px-4 pb-8" aria-busy="true">
      <h1 className="sr-only">Détails du produit</h1>
      <p role="status" className="sr-only">
        Chargement ...
      </p>
      <div className={`mt-4 h-5 w-56 ${block}`} />
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div>
          <div className={`aspect-square w-full rounded-lg ${block}`} />
          <div className="mt-3 flex gap-2 p-1">
            {[0, 1, 2].map((i) => (
              <div key={i} className={`h-16 w-16 rounded-md ${block}`} />
            ))}
          </div>
        </div>
        <div>
          <div className={`h-6 w-20 rounded-full ${block}`} />
          <div className={`mt-3 h-8 w-4/5 ${block}`} />
          <div className={`mt-2 h-4 w-32 ${block}`} />
          <div className={`mt-3 h-4 w-40 ${block}`} />
          <div className={`mt-4 h-8 w-48 ${block}`} />
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <div className={`h-12 rounded-full sm:w-56 ${block}`} />
            <div className={`h-12 rounded-full sm:w-56 ${block}`} />
            <div className={`h-12 rounded-full sm:w-48 ${block}`} />
          </div>
          <div className={`mt-6 h-24 ${block}`} />
        </div>
      </div>
    </main>
  );
}
