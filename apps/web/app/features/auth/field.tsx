import { type ReactNode, useState } from "react";
import { useHydrated } from "./use-hydrated";

const inputBase =
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
        // The message is the spec's, spaces included (' les mots de passes…'): shown as it is,
        // the leading space is collapsed by the browser.
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A password input with a button that shows or hides what was typed (easier on a phone
 * keyboard). The button's name says what it will do; it only appears once the page runs
 * scripts, since without them it could do nothing.
 */
export function PasswordInput({
  autoComplete,
  minLength,
  ...control
}: ControlProps & { autoComplete: "current-password" | "new-password"; minLength?: number }) {
  const [visible, setVisible] = useState(false);
  const interactive = useHydrated();
  return (
    <div className="relative mt-1">
      <input
        {...control}
        type={visible ? "text" : "password"}
        autoComplete={autoComplete}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        minLength={minLength}
        maxLength={200}
        className={`${inputBase} pr-12`}
      />
      {interactive && (
        <button
          type="button"
          aria-controls={control.id}
          aria-label={visible ? "Masquer le mot de passe" : "Afficher le mot de passe"}
          onClick={() => setVisible((v) => !v)}
          className="absolute top-0 right-0 bottom-0 grid w-12 place-items-center rounded-r-md text-slate-600 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M3 3l18 18" strokeLinecap="round" />}
          </svg>
        </button>
      )}
    </div>
  );
}
