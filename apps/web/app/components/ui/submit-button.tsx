import type { ReactNode } from "react";

/**
 * A form's main button: disabled and relabelled while the form is on its way, so a second tap
 * on a slow connection sends nothing twice. Full width on a phone; `block` keeps it so on every screen.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  block = false,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  block?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`w-full rounded-full bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark disabled:bg-brand-dark ${block ? "" : "sm:w-auto"}`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
