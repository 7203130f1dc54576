import { redirect, useNavigation } from "react-router";
import { DEVICE_INTENTS } from "../features/account/device-form";
import { DeviceList, DeviceNotice, EndDevicesForm } from "../features/account/device-list";
import { devicesApi } from "../features/account/devices-api";
import { DEVICES_LOGIN, endMyDevice } from "../features/account/end-device.server";
import { pageMeta } from "../features/content/meta";
import { ApiError } from "../lib/api";
import type { Route } from "./+types/devices";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, "Mes appareils", "Les appareils connectés à votre compte, et leur déconnexion."),
    { name: "robots", content: "noindex" },
  ];
}

/** A visitor without a session is sent to sign in before any page is drawn, as the cart does. */
export async function loader({ request }: Route.LoaderArgs) {
  if (!/(?:^|;\s*)token=/.test(request.headers.get("cookie") ?? "")) throw redirect(DEVICES_LOGIN);
  try {
    return { devices: await devicesApi(request).mine() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(DEVICES_LOGIN);
    throw error;
  }
}

export const action = ({ request }: Route.ActionArgs) => endMyDevice(request);

/**
 * 'Mes appareils': where the account is signed in, the last used first, each to sign out —
 * a lost phone, a shared computer — or all but this one at once.
 */
export default function MyDevices({ loaderData, actionData }: Route.ComponentProps) {
  const { devices } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main className="mx-auto max-w-xl px-4 pt-8 pb-12">
      <h1 className="text-2xl font-extrabold">Mes appareils</h1>
      <p className="mt-2 text-slate-700">
        Votre compte est connecté sur ces appareils. Déconnectez ceux que vous ne reconnaissez pas.
      </p>
      <DeviceNotice result={actionData} />
      <DeviceList devices={devices} busy={busy} />
      {devices.length > 1 && (
        <EndDevicesForm intent={DEVICE_INTENTS.endOthers} busy={busy}>
          Déconnecter les autres appareils
        </EndDevicesForm>
      )}
    </main>
  );
}
