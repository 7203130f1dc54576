import { useEffect, useState } from "react";

/**
 * The hero's clock (SPEC.md §4): advances every `interval` ms and wraps; a manual jump (arrow
 * or dot) holds it for `pause` ms, then it resumes. `stopped` (pause button, pointer or
 * keyboard focus inside) holds it for as long as it is true.
 */
export function useCarousel(count: number, interval: number, pause: number, stopped = false) {
  const [index, setIndex] = useState(0);
  // Bumped by every manual jump, so that jumping to the current slide restarts the hold too.
  const [manual, setManual] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every new slide restarts the clock
  useEffect(() => {
    if (stopped || count < 2) return;
    const timer = setTimeout(
      () => {
        setIndex((i) => (i + 1) % count);
        setManual(0);
      },
      manual > 0 ? pause : interval,
    );
    return () => clearTimeout(timer);
  }, [index, manual, stopped, count, interval, pause]);

  const go = (target: number) => {
    setIndex(((target % count) + count) % count);
    setManual((m) => m + 1);
  };
  return {
    index,
    go,
    next: () => go(index + 1),
    previous: () => go(index - 1),
  };
}
