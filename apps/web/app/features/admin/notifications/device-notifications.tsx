import { useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../../lib/api";
import { useHydrated } from "../../../lib/use-hydrated";
import { type DeviceState, readDevice, turnOff, turnOn } from "./device-push";

export const DEVICE_NOTIFICATIONS_LABEL = "Notifications sur cet appareil";
export const UNSUPPORTED_MESSAGE = "Ce navigateur ne peut pas recevoir de notifications.";
export const DENIED_MESSAGE =
  "Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur.";
export const failedMessage = (turningOn: boolean) =>
  `Les notifications n'ont pas pu être ${turningOn ? "activées" : "désactivées"} sur cet appareil. Réessayez.`;

/** Before the browser is asked (the server's page, the first moments), or while a change is under way. */
type Shown = DeviceState | "checking";

/**
 * 'Notifications sur cet appareil' (decision 033): this phone or computer rings for each new
 * order, online payment and contact message, or not. A switch per device; the browser's
 * permission, the push service and the server are all behind it (device-push.ts). The server's
 * page shows the switch waiting; it works once the page is hydrated.
 */
export function DeviceNotifications() {
  const hydrated = useHydrated();
  const [state, setState] = useState<Shown>("checking");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState("");
  // A second tap before the first one's re-render: the state above is not yet busy.
  const working = useRef(false);
  const id = useId();

  useEffect(() => {
    if (!hydrated) return;
    let current = true;
    readDevice()
      .catch((): DeviceState => "off")
      .then((read) => current && setState(read));
    return () => {
      current = false;
    };
  }, [hydrated]);

  const on = state === "on";
  const usable = state === "on" || state === "off";
  const unavailable = busy || !usable;

  async function toggle() {
    if (unavailable || working.current) return;
    working.current = true;
    setBusy(true);
    setSaid(on ? "Désactivation…" : "Activation…");
    try {
      const { state: next, message } = await (on ? turnOff() : turnOn());
      setState(next);
      setSaid(message ?? "");
    } catch (error) {
      // The server's own refusal says why; anything else (no network, no push service) is one message.
      setSaid(error instanceof ApiError && error.status !== 0 ? error.message : failedMessage(!on));
    } finally {
      working.current = false;
      setBusy(false);
    }
  }

  const explanation = state === "unsupported" ? UNSUPPORTED_MESSAGE : state === "denied" ? DENIED_MESSAGE : said;

  return (
    <section aria-labelledby={`${id}-label`} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-label`} className="font-bold">
            {DEVICE_NOTIFICATIONS_LABEL}
          </h2>
          <p id={`${id}-hint`} className="text-sm text-slate-700">
            Une alerte à chaque commande, paiement en ligne ou message.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint ${id}-status`}
          aria-disabled={unavailable}
          aria-busy={busy || state === "checking"}
          onClick={toggle}
          className="group grid h-11 w-17 shrink-0 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand aria-disabled:cursor-not-allowed"
        >
          <span
            aria-hidden="true"
            className={`flex h-8 w-14 items-center rounded-full p-1 transition-colors group-aria-disabled:opacity-60 ${
              on ? "bg-brand" : "bg-slate-500"
            }`}
          >
            <span
              className={`size-6 rounded-full bg-white shadow transition-transform ${on ? "translate-x-6" : ""} ${
                busy ? "animate-pulse" : ""
              }`}
            />
          </span>
        </button>
      </div>
      <p id={`${id}-status`} role="status" className="mt-2 text-sm text-slate-800 empty:hidden">
        {explanation}
      </p>
    </section>
  );
}
