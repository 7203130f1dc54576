import { useSending } from "./use-sending";

/**
 * A passkey button of the sign-in page: it sends its form with `intent=passkey`, whose
 * clientAction asks the browser for the passkey. Only drawn once the scripts run in a browser
 * that has passkeys (`supportsPasskeys`): without them it could do nothing.
 */
export function PasskeyButton({ label }: { label: string }) {
  const asking = useSending("/login", "passkey");
  const other = useSending("/login");
  return (
    <button
      type="submit"
      name="intent"
      value="passkey"
      formNoValidate
      disabled={asking || other}
      className="flex min-h-12 w-full items-center justify-center gap-2 rounded-full border border-brand bg-white px-5 py-2.5 font-semibold text-brand hover:bg-brand/5 disabled:opacity-60"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="8" cy="15" r="4" />
        <path d="M10.8 12.2 20 3m-3 3 3 3m-6 0 2 2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {asking ? "Clé d'accès..." : label}
    </button>
  );
}
