import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * IntersectionObserver as the test moves it (jsdom has none): `near()` tells every observer
 * that its element came near the screen; until then nothing does. Stubbed with vi.stubGlobal:
 * the test's vi.unstubAllGlobals() removes it.
 */
export function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    },
  );
  const near = () =>
    act(() => {
      for (const o of observers) o.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as never);
    });
  return { observers, near };
}
