import { textOf } from "../../lib/form-values";

/**
 * What the devices' HTML forms ask of their page's action ('Mes appareils', and a SUPERADMIN's
 * look at an admin's devices): one session, the others but this one, or all of them.
 */
export const DEVICE_INTENTS = { end: "end", endOthers: "end-others", endAll: "end-all" } as const;

export type DeviceChoice =
  | { intent: typeof DEVICE_INTENTS.end; id: string }
  | { intent: typeof DEVICE_INTENTS.endOthers }
  | { intent: typeof DEVICE_INTENTS.endAll };

/** The posted choice, or null for a form no page of the shop sends. */
export function readDeviceChoice(form: FormData): DeviceChoice | null {
  const intent = textOf(form, "intent");
  if (intent === DEVICE_INTENTS.end) return { intent, id: textOf(form, "id") };
  if (intent === DEVICE_INTENTS.endOthers || intent === DEVICE_INTENTS.endAll) return { intent };
  return null;
}

/** A device action's answer, said on the page: role="status" when done, role="alert" when refused. */
export type DeviceResult = { ok: boolean; message: string };
