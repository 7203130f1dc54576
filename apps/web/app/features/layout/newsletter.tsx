import { useState } from "react";

/**
 * The footer's newsletter box (SPEC.md §5): e-mail required; on submit an alert 'Merci pour
 * votre abonnement!' followed by the address, and the field clears. No server call.
 */
export function Newsletter() {
  const [email, setEmail] = useState("");
  return (
    // method="dialog": without JavaScript the form does nothing rather than put the address in a URL.
    <form
      method="dialog"
      aria-labelledby="newsletter-title"
      onSubmit={(e) => {
        e.preventDefault();
        window.alert(`Merci pour votre abonnement! ${email}`);
        setEmail("");
      }}
    >
      <h2 id="newsletter-title" className="text-base font-bold text-white">
        Newsletter
      </h2>
      <p className="mt-1 text-sm">Nos nouveautés et promotions, une fois par semaine.</p>
      <div className="mt-3 flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Votre adresse e-mail
        </label>
        <input
          id="newsletter-email"
          type="email"
          required
          autoComplete="email"
          placeholder="votre@email.com"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          className="min-w-0 flex-1 rounded-full border border-slate-600 bg-slate-800 px-4 py-2 text-sm text-white placeholder:text-slate-400"
        />
        <button
          type="submit"
          className="shrink-0 rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
        >
          S'abonner
        </button>
      </div>
    </form>
  );
}
