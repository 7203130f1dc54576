import { TOAST_SUCCESS_MS } from "@shop/shared/core";
import { useEffect, useRef, useSyncExternalStore } from "react";

/** How long an error or information toast stays: long enough to read, paused while hovered. */
export const TOAST_READ_MS = 6_000;

export type ToastTone = "success" | "error" | "info";
export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function push(tone: ToastTone, message: string): number {
  const id = nextId++;
  // The same message twice in a row (a double tap) shows once.
  items = [...items.filter((t) => t.message !== message), { id, tone, message }].slice(-3);
  emit();
  return id;
}

export function dismissToast(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

/**
 * Toasts top-center (SPEC.md §9): a success closes after 300 ms as the spec says; an error or
 * information stays TOAST_READ_MS, paused while the pointer or focus is on it. Forms also show
 * their errors beside themselves: a toast is never the only place a message is said.
 */
export const toast = {
  success: (message: string) => push("success", message),
  error: (message: string) => push("error", message),
  info: (message: string) => push("info", message),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => items;
const serverSnapshot = (): readonly ToastItem[] => [];

/** For tests: forget every toast. */
export function resetToasts() {
  items = [];
  emit();
}

const TONE_CLASS: Record<ToastTone, string> = {
  success: "bg-green-700 text-white",
  error: "bg-red-700 text-white",
  info: "bg-slate-800 text-white",
};

function ToastView({ item }: { item: ToastItem }) {
  const duration = item.tone === "success" ? TOAST_SUCCESS_MS : TOAST_READ_MS;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dismissToast(item.id), duration);
  };
  const pause = () => clearTimeout(timer.current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer per toast, started once
  useEffect(() => {
    start();
    return pause;
  }, []);
  return (
    <li
      className={`pointer-events-auto flex max-w-[calc(100vw-2rem)] items-start gap-3 rounded-lg px-4 py-3 text-sm font-semibold shadow-lg sm:max-w-md ${TONE_CLASS[item.tone]}`}
      onMouseEnter={pause}
      onMouseLeave={item.tone === "success" ? undefined : start}
      onFocus={pause}
      onBlur={item.tone === "success" ? undefined : start}
      data-tone={item.tone}
    >
      <span className="flex-1">{item.message}</span>
      {item.tone !== "success" && (
        <button
          type="button"
          onClick={() => dismissToast(item.id)}
          className="-my-1 -mr-2 rounded px-2 py-1 text-base leading-none hover:bg-white/20"
          aria-label="Fermer"
        >
          ×
        </button>
      )}
    </li>
  );
}

/**
 * The one place toasts appear. The live regions are in the page from the first render, so
 * screen readers announce what is added later: errors assertively, the rest politely.
 */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const errors = list.filter((t) => t.tone === "error");
  const others = list.filter((t) => t.tone !== "error");
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex flex-col items-center gap-2 px-4 print:hidden">
      {/* The live regions wrap the lists: a list may not take the alert or status role (axe). */}
      <div role="alert" aria-live="assertive">
        <ul className="flex flex-col items-center gap-2">
          {errors.map((item) => (
            <ToastView key={item.id} item={item} />
          ))}
        </ul>
      </div>
      <div role="status" aria-live="polite">
        <ul className="flex flex-col items-center gap-2">
          {others.map((item) => (
            <ToastView key={item.id} item={item} />
          ))}
        </ul>
      </div>
    </div>
  );
}
