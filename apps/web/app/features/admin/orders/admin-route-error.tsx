import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * A back-office page's error, inside the back-office (the sidebar stays): an unknown order is
 * a 404 with a way back to the list; anything else says so and offers to try again.
 */
export function AdminRouteError({
  notFound,
  back,
}: {
  notFound: { title: string; hint: string };
  back: { to: string; label: string };
}) {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl rounded-lg bg-white p-6 text-center ring-1 ring-slate-200">
      <h1 className="text-xl font-extrabold">{missing ? notFound.title : "Une erreur est survenue"}</h1>
      <p className="mt-2 text-slate-700">
        {missing ? notFound.hint : "La page n'a pas pu être chargée. Veuillez réessayer dans un instant."}
      </p>
      <Link
        to={back.to}
        className="mt-4 inline-block rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
      >
        {back.label}
      </Link>
    </main>
  );
}
