import { data, Link, redirect, useNavigation } from "react-router";
import { DEVICE_INTENTS, readDeviceChoice } from "../../features/account/device-form";
import { DeviceList, DeviceNotice, EndDevicesForm } from "../../features/account/device-list";
import { FactorList } from "../../features/account/security/factor-list";
import { codesLeftText } from "../../features/account/security/security-form";
import { adminApi } from "../../features/admin/admin-api";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { requireAdmin } from "../../features/admin/require-admin.server";
import { RESET_FACTORS_INTENT, ResetFactorsForm } from "../../features/admin/users/reset-factors-form";
import { endStaffDevices } from "../../features/admin/users/staff-devices.server";
import { resetStaffFactors } from "../../features/admin/users/staff-factors.server";
import { ApiError } from "../../lib/api";
import { textOf } from "../../lib/form-values";
import type { Route } from "./+types/user-devices";

export function meta() {
  return [{ title: "Appareils de l'administrateur" }, { name: "robots", content: "noindex" }];
}

/** The SUPERADMIN's alone (decision 039): an ADMIN goes back to the back-office's home. */
async function requireSuperAdmin(request: Request) {
  const user = await requireAdmin(request);
  if (user.role !== "SUPERADMIN") throw redirect("/admin-panel");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSuperAdmin(request);
  const api = adminApi(request);
  try {
    const [devices, person, factors] = await Promise.all([
      api.userDevices(params.id),
      // The name helps, it is not the page: without it the devices still show.
      api
        .users()
        .then((users) => users.find((u) => u._id === params.id) ?? null)
        .catch(() => null),
      // Its second factors (decision 040) are a section of the page: without them the devices still show.
      api.userFactors(params.id).catch(() => null),
    ]);
    return { devices, person: person && { name: person.name, role: person.role }, factors, refused: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    // A customer's account: its devices are its owner's only, said rather than an error page.
    if (error instanceof ApiError && error.status === 403) {
      return { devices: [], person: null, factors: null, refused: error.message };
    }
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireSuperAdmin(request);
  const form = await request.formData();
  if (textOf(form, "intent") === RESET_FACTORS_INTENT) return resetStaffFactors(request, params.id);
  const choice = readDeviceChoice(form);
  if (choice?.intent === DEVICE_INTENTS.end) return endStaffDevices(request, params.id, choice.id);
  if (choice?.intent === DEVICE_INTENTS.endAll) return endStaffDevices(request, params.id, null);
  throw data(null, { status: 400 });
}

/**
 * An admin's open sessions, as the SUPERADMIN sees them from the users' page: each to sign
 * out, or all at once (a lost phone, a departure); and the account's second factors, to reset
 * when its phone is lost.
 */
export default function UserDevices({ loaderData, actionData }: Route.ComponentProps) {
  const { devices, person, factors, refused } = loaderData;
  const reset = actionData && "reset" in actionData ? actionData : undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main className="mx-auto max-w-xl">
      <p>
        <Link
          to="/admin-panel/all-users"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline"
        >
          ← Gestion des Utilisateurs
        </Link>
      </p>
      <h1 className="text-2xl font-extrabold break-words">
        {person ? `Appareils de ${person.name}` : "Appareils de l'administrateur"}
      </h1>
      {person && <p className="mt-1 text-slate-700">{person.role}</p>}
      {refused ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
          {refused}
        </p>
      ) : (
        <>
          <DeviceNotice result={reset ? undefined : actionData} />
          <DeviceList devices={devices} busy={busy} />
          {devices.length > 0 && (
            <EndDevicesForm intent={DEVICE_INTENTS.endAll} busy={busy}>
              Déconnecter partout
            </EndDevicesForm>
          )}
          {factors && (
            <section aria-labelledby="staff-factors-title" className="mt-10">
              <h2 id="staff-factors-title" className="text-xl font-bold">
                Seconds facteurs
              </h2>
              <DeviceNotice result={reset} />
              <FactorList factors={factors.factors} editable={false} />
              <p className="mt-3 text-slate-800">{codesLeftText(factors.recoveryCodesLeft)}</p>
              {(factors.factors.length > 0 || factors.recoveryCodesLeft > 0) && (
                <ResetFactorsForm name={person?.name ?? null} busy={busy} />
              )}
            </section>
          )}
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Utilisateur introuvable", hint: "Ce compte n'existe pas ou plus." }}
      back={{ to: "/admin-panel/all-users", label: "Voir les utilisateurs" }}
    />
  );
}
