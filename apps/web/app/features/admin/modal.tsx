import { type ReactNode, useId, useLayoutEffect, useRef } from "react";

/**
 * A modal window of the back-office: the native `<dialog>` opened with `showModal()`, so the
 * browser keeps focus inside it, makes the page behind inert, and closes it with Escape. It is
 * open while it is mounted; `onClose` is asked to unmount it (Escape, the ✕ button). Focus
 * goes back where it was when it closes.
 */
export function Modal({
  title,
  onClose,
  children,
  size = "md",
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: "md" | "lg";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Safari before 15.4 has no showModal: the dialog still opens, without the inert page.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    return () => {
      if (typeof dialog.close === "function") dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] overflow-y-auto rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/60 ${
        size === "lg" ? "max-w-2xl" : "max-w-md"
      }`}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Fermer"
          className="grid size-11 place-items-center rounded-full text-2xl leading-none text-slate-700 hover:bg-slate-100"
        >
          ×
        </button>
      </div>
      <div className="px-4 py-4">{children}</div>
    </dialog>
  );
}
