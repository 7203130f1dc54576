import type { ReactNode } from "react";

export const inputBase =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-700";
export const inputClass = `mt-1 ${inputBase}`;

/** What a field gives its control: its id, name, and the links to its error. */
export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A label, its control (given by `children`), an optional hint and the field's French error under it. */
export function Field({
  id,
  name,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        // Shown as the API or the spec words it: a leading space (' les mots de passes…') is
        // collapsed by the browser.
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
