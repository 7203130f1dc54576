import { MSG } from "@shop/shared/core";
import { data, redirect } from "react-router";
import { ApiError } from "../../lib/api";
import { withFlash } from "../../lib/flash.server";
import { refusalOf } from "../../lib/form-values";
import { loginHref } from "../auth/login-href";
import { DEVICE_INTENTS, type DeviceResult, readDeviceChoice } from "./device-form";
import { devicesApi } from "./devices-api";

const SEE_OTHER = 303;
/** Where a visitor whose session is over goes: sign in, then back to their devices. */
export const DEVICES_LOGIN = loginHref("/devices");

/**
 * The forms of 'Mes appareils': one session ended, or all the others. Ending this very session
 * signs the person out: the API's cleared `token` cookie goes to the browser (as routes/logout.tsx
 * does) and they land on the sign-in page, told so. A session already over goes there too.
 */
export async function endMyDevice(request: Request) {
  const choice = readDeviceChoice(await request.formData());
  if (!choice || choice.intent === DEVICE_INTENTS.endAll) throw data(null, { status: 400 });
  const client = devicesApi(request);
  try {
    if (choice.intent === DEVICE_INTENTS.endOthers) {
      return { ok: true, message: await client.endOthers() } satisfies DeviceResult;
    }
    const { message, setCookie } = await client.end(choice.id);
    // The API sets a cookie here only to clear the token: it was this session.
    if (setCookie.length > 0) {
      const headers = withFlash({ tone: "success", text: message });
      for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
      return redirect("/login", { status: SEE_OTHER, headers });
    }
    return { ok: true, message } satisfies DeviceResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) {
      return redirect(DEVICES_LOGIN, {
        status: SEE_OTHER,
        headers: withFlash({ tone: "info", text: MSG.authInvalid }),
      });
    }
    const refusal = refusalOf(error, [404]);
    return data({ ok: false, message: refusal.message } satisfies DeviceResult, { status: refusal.status });
  }
}
