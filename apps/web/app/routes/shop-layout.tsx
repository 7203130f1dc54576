import { isRouteErrorResponse, Link, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { Footer } from "../features/layout/footer";
import { Header } from "../features/layout/header";
import { api } from "../lib/api";
import type { Route } from "./+types/shop-layout";

export async function loader({ request }: Route.LoaderArgs) {
  return { shop: await api(request).shop() };
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Header shopName={loaderData.shop.name} />
      <div className="pt-[6.5rem] lg:pt-16">
        <Outlet />
      </div>
      <Footer shop={loaderData.shop} />
    </>
  );
}

/** Errors of any page show inside the shop's layout, with a way back home. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/shop-layout");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      {data && <Header shopName={data.shop.name} />}
      <main className="mx-auto max-w-xl px-4 pt-36 pb-16 text-center lg:pt-28">
        <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
        <p className="mt-2 text-slate-600">
          {notFound ? "Cette page n'existe pas ou plus." : "Une erreur est survenue. Veuillez réessayer."}
        </p>
        <Link className="mt-6 inline-block rounded-full bg-brand px-5 py-2 font-semibold text-white" to="/">
          Retour à l'accueil
        </Link>
      </main>
      {data && <Footer shop={data.shop} />}
    </>
  );
}
