import { useEffect } from "react";
import { Link, useNavigation } from "react-router";
import { toast } from "../../components/ui/toast";
import { adminApi } from "../../features/admin/admin-api";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { PERSONAL_DATA_PATH, REGISTER_PATH } from "../../features/admin/personal-data/personal-data-paths";
import { requireOwner, retentionFields } from "../../features/admin/personal-data/personal-data-view.server";
import { registerAction } from "../../features/admin/personal-data/register-action.server";
import {
  ActivitySection,
  ControllerBlock,
  PrintButton,
  RecipientsSection,
  RetentionSection,
} from "../../features/admin/personal-data/register-parts";
import type { Route } from "./+types/personal-data-register";

export function meta() {
  return [{ title: "Registre des traitements" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request);
  const register = await adminApi(request).privacyRegister();
  return { register, retention: retentionFields(register.retention) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireOwner(request);
  return registerAction(request, await request.formData());
}

/**
 * The register of processing (decision 041), as the data-protection authority (APDP) asks for
 * it: who answers for the data, each processing with its purpose, basis, data, people,
 * retention and recipients, the outside services. Printable (the back-office's menus and the
 * forms are left out of the printed page); each processing edited in place.
 */
export default function AdminPersonalDataRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { register, retention } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  useEffect(() => {
    if (actionData?.ok) toast.success(actionData.message);
  }, [actionData]);

  return (
    <main className="mx-auto max-w-3xl space-y-4 print:max-w-none">
      <p className="print:hidden">
        <Link to={PERSONAL_DATA_PATH} className="font-semibold text-brand underline">
          ← Données personnelles
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Registre des traitements</h1>
        <PrintButton />
      </div>
      <ControllerBlock controller={register.controller} />
      {register.activities.map((activity) => (
        <ActivitySection key={activity._id} activity={activity} busy={busy} result={actionData} />
      ))}
      <RecipientsSection recipients={register.recipients} />
      <RetentionSection fields={retention} />
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Page introuvable", hint: "Cette page du back-office n'existe pas." }}
      back={{ to: REGISTER_PATH, label: "Voir le registre" }}
    />
  );
}
