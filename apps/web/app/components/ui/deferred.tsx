import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";

/**
 * Data that a server loader awaited, or that a client loader is still fetching. Awaited data is
 * rendered at once: going through <Suspense>/<Await> with it still suspends once during
 * server rendering, so the page would stream its fallback first and swap the content in later
 * (a visible jump, measured as layout shift). Only a real promise gets the fallback.
 */
export function Deferred<T>({
  value,
  fallback,
  errorElement,
  children,
}: {
  value: T | Promise<T>;
  fallback: ReactNode;
  errorElement?: ReactNode;
  children: (value: T) => ReactNode;
}) {
  if (!(value instanceof Promise)) return children(value);
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value} errorElement={errorElement}>
        {children}
      </Await>
    </Suspense>
  );
}
