import { useLocation } from "react-router";

/** The spec's thanks, followed by the address typed (SPEC.md §5). */
export const newsletterThanks = (email: string) => `Merci pour votre abonnement! ${email}`;

/**
 * The footer's newsletter box (SPEC.md §5): e-mail required; on submit an alert 'Merci pour
 * votre abonnement!' followed by the address, and the field clears. No call to the API: before
 * the scripts run the form posts to the page's own server (routes/newsletter.tsx), which says
 * the same thanks on the page it comes back to (decision 027, "The first tap").
 */
export function Newsletter() {
  const { pathname, search } = useLocation();
  return (
    <form
      method="post"
      action="/newsletter"
      aria-labelledby="newsletter-title"
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        window.alert(newsletterThanks(String(new FormData(form).get("email") ?? "")));
        form.reset();
      }}
    >
      <input type="hidden" name="back" value={pathname + search} />
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
          name="email"
          type="email"
          required
          maxLength={200}
          autoComplete="email"
          placeholder="votre@email.com"
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
