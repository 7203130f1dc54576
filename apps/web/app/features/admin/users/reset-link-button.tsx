import { useState } from "react";
import { adminApi } from "../admin-api";
import { ADMIN_TEXT, adminErrorMessage } from "../admin-errors";

/**
 * 'Mot de passe par WhatsApp' (decision 032): asks the server for a one-time link and opens
 * WhatsApp with the message ready, to the number of the customer's last order or to choose;
 * when the browser blocks the new tab, the link to it is shown instead.
 */
export function ResetLinkButton({ userId, name }: { userId: string; name: string }) {
  const [state, setState] = useState<{ busy: boolean; ready?: string; error?: string }>({ busy: false });
  const send = async () => {
    setState({ busy: true });
    try {
      const link = await adminApi().resetLink(userId);
      const tab = window.open(link.whatsappUrl, "_blank");
      if (tab) tab.opener = null;
      setState({ busy: false, ready: link.whatsappUrl });
    } catch (caught) {
      setState({ busy: false, error: adminErrorMessage(caught, ADMIN_TEXT.genericError) });
    }
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        onClick={send}
        disabled={state.busy}
        className="min-h-11 rounded-full border border-green-700 px-4 font-semibold text-green-800 hover:bg-green-700 hover:text-white disabled:opacity-60"
      >
        {/* The name starts with the words shown (WCAG 2.5.3), then says whose password it is. */}
        {state.busy ? "Lien…" : "Mot de passe par WhatsApp"} <span className="sr-only">pour {name}</span>
      </button>
      <span aria-live="polite" className="text-xs">
        {state.ready && (
          <a href={state.ready} target="_blank" rel="noopener noreferrer" className="text-green-800 underline">
            Lien prêt : ouvrir WhatsApp
          </a>
        )}
        {state.error && <span className="text-red-800">{state.error}</span>}
      </span>
    </span>
  );
}
