import {
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

/**
 * Closes a popup (user menu, mobile menu) on a pointer press outside `ref` or on Escape
 * (SPEC.md §2: both close on outside click). Listens only while it is open.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref, open, close]);
}

/**
 * A popup built on <details> (the user menu, the phone's menu): its summary opens and closes
 * it before the scripts run (decision 027, "The first tap"); once they do, a press outside and
 * Escape close it too, and `close` closes it from a link. `open` follows the element, opened
 * before the scripts ran included.
 */
export function useDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(ref.current?.open ?? false), []);
  const close = useCallback(() => {
    if (ref.current) ref.current.open = false;
  }, []);
  useDismiss(ref, open, close);
  return {
    ref,
    open,
    close,
    onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open),
    /** Escape gives the focus back to the summary, which it leaves closed. */
    onKeyDown: (event: ReactKeyboardEvent<HTMLDetailsElement>) => {
      if (event.key === "Escape") event.currentTarget.querySelector("summary")?.focus();
    },
  };
}
