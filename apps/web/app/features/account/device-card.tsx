import type { Device } from "@shop/shared";
import { Form } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { DEVICE_INTENTS } from "./device-form";

/**
 * One open session of an account: the device, roughly where from, when it signed in and was
 * last used, "Cet appareil" on the one showing the page, and 'Déconnecter' as a plain form
 * posted to the page's action, so that it works before the scripts run (or without them).
 */
export function DeviceCard({ device, busy }: { device: Device; busy: boolean }) {
  const headingId = `device-${device._id}`;
  return (
    <article
      aria-labelledby={headingId}
      // relative: the button's visually-hidden words are placed in the card, never beside the page.
      className={`relative rounded-lg bg-white p-4 ${device.current ? "ring-2 ring-brand" : "ring-1 ring-slate-200"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 font-bold break-words">
          {device.device}
        </h2>
        {device.current && (
          <span className="rounded-full bg-brand px-2.5 py-0.5 text-xs font-bold text-white">Cet appareil</span>
        )}
      </div>
      <p className="mt-1 text-sm break-words text-slate-700">{device.place}</p>
      <p className="text-sm text-slate-700">
        Connecté le <time dateTime={device.createdAt}>{formatDateTime(device.createdAt)}</time>
      </p>
      <p className="text-sm text-slate-700">
        Dernière activité le <time dateTime={device.lastUsedAt}>{formatDateTime(device.lastUsedAt)}</time>
      </p>
      {/* Older answers (a cached page) may lack it. */}
      {device.openedWith && <p className="text-sm text-slate-700">Connexion : {device.openedWith}</p>}
      <Form
        method="post"
        preventScrollReset
        // Ending this very session signs out: a whole page load, as the sign-out without scripts,
        // so that the sign-in page it leads to says so and the stored token goes (root.tsx).
        reloadDocument={device.current}
        className="mt-3"
      >
        <input type="hidden" name="intent" value={DEVICE_INTENTS.end} />
        <input type="hidden" name="id" value={device._id} />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 w-full rounded-full px-4 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-700/50 hover:bg-red-50 disabled:opacity-60 sm:w-auto"
        >
          {/* The name starts with the word shown (WCAG 2.5.3); the rest tells the cards apart. */}
          Déconnecter{" "}
          <span className="sr-only">
            {device.device}
            {device.current ? ", cet appareil" : ""}
          </span>
        </button>
      </Form>
    </article>
  );
}
