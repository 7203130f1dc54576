import { SCROLL_CHECK_MS, SCROLL_MARGIN_PX, SCROLL_STEP_PX } from "@shop/shared/core";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";

/** The width of one card in a scrolling row: about two and a half cards on a 360 px phone. */
export const ROW_ITEM_CLASS = "w-40 shrink-0 snap-start sm:w-52";

/**
 * A horizontally scrolling list (SPEC.md §4): the left arrow shows once scrolled, the right one
 * while more lies beyond a 10 px margin; each click scrolls 300 px and the arrows are checked
 * again 500 ms later, when the smooth scroll has settled. Phones swipe instead, with cards
 * snapping into place; from `sm` up (where the arrows show) there is no snapping, so a click
 * moves exactly 300 px.
 */
export function ScrollRow({ label, children }: { label: string; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  const [canLeft, setCanLeft] = useState(false);
  const [canRight, setCanRight] = useState(false);

  const check = useCallback(() => {
    const el = list.current;
    if (!el) return;
    setCanLeft(el.scrollLeft > 0);
    setCanRight(el.scrollLeft + el.clientWidth < el.scrollWidth - SCROLL_MARGIN_PX);
  }, []);

  useEffect(() => {
    check();
    const el = list.current;
    el?.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    return () => {
      el?.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, [check]);

  const scroll = (direction: -1 | 1) => {
    list.current?.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: "smooth" });
    setTimeout(check, SCROLL_CHECK_MS);
  };

  const arrow =
    "absolute top-1/3 z-10 hidden size-10 place-items-center rounded-full bg-white text-2xl shadow-md ring-1 ring-slate-200 hover:bg-slate-50 sm:grid";
  return (
    <div className="relative">
      {canLeft && (
        <button
          type="button"
          className={`${arrow} left-1`}
          aria-label={`${label} : défiler vers la gauche`}
          onClick={() => scroll(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <ul ref={list} className="flex snap-x scroll-px-4 sm:snap-none gap-3 overflow-x-auto scroll-smooth px-4 pb-2">
        {children}
      </ul>
      {canRight && (
        <button
          type="button"
          className={`${arrow} right-1`}
          aria-label={`${label} : défiler vers la droite`}
          onClick={() => scroll(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      )}
    </div>
  );
}
