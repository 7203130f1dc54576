import { act } from "@testing-library/react";
import type { ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach } from "vitest";

/** For component tests only: nothing of the app imports it. */

let mounted: { root: Root; container: HTMLElement }[] = [];
afterEach(() => {
  for (const { root, container } of mounted) {
    act(() => root.unmount());
    container.remove();
  }
  mounted = [];
});

/**
 * The server's HTML of `ui` in the document, changed by `before` as a visitor would before the
 * page's scripts ran (the controls are the browser's own then), then taken over by React, as
 * a page is at hydration (decision 027, "The first tap"). Unmounted after the test.
 */
export async function hydrateOver(ui: ReactElement, before: () => void | Promise<void> = () => {}) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  await before();
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, ui);
  });
  if (root) mounted.push({ root, container });
  return container;
}
