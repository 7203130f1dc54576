import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { fieldsOf } from "./forms";

/**
 * Renders `element` as the page at `path` of a React Router app, as the screens run in the
 * shop (their forms, links and fetchers need the router); answers the forms posted to the
 * page's action, in order, each as its text fields.
 */
export function renderPage(element: ReactNode, path = "/") {
  const posted: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path,
      Component: () => element,
      action: async ({ request }) => {
        posted.push(fieldsOf(await request.formData()));
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return posted;
}
