import type { Device } from "@shop/shared";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { DeviceCard } from "./device-card";
import type { DEVICE_INTENTS } from "./device-form";

/** The sessions as a list, one card each, or a sentence when there is none. */
export function DeviceList({ devices, busy }: { devices: readonly Device[]; busy: boolean }) {
  if (devices.length === 0) {
    return (
      <p className="mt-4 rounded-lg bg-white p-6 text-center font-semibold ring-1 ring-slate-200">
        Aucun appareil connecté.
      </p>
    );
  }
  return (
    <ul className="mt-4 space-y-3">
      {devices.map((device) => (
        <li key={device._id}>
          <DeviceCard device={device} busy={busy} />
        </li>
      ))}
    </ul>
  );
}

/** 'Déconnecter les autres appareils' or 'Déconnecter partout': one form, posted to the page's action. */
export function EndDevicesForm({
  intent,
  busy,
  children,
}: {
  intent: typeof DEVICE_INTENTS.endOthers | typeof DEVICE_INTENTS.endAll;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset className="mt-4">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 w-full rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60 sm:w-auto"
      >
        {children}
      </button>
    </Form>
  );
}

/**
 * What the last action said. The status region stays on the page, empty until then, so that
 * screen readers announce what is written into it; a refusal is an alert.
 */
export function DeviceNotice({ result }: { result: { ok: boolean; message: string } | undefined }) {
  return (
    <>
      <div role="status">
        {result?.ok && (
          <p className="mt-4 rounded-md bg-green-50 p-3 font-medium text-green-900 ring-1 ring-green-200">
            {result.message}
          </p>
        )}
      </div>
      {result && !result.ok && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
          {result.message}
        </p>
      )}
    </>
  );
}
