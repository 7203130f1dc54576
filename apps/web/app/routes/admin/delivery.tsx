import type { AdminDeliveryOption } from "@shop/shared";
import { deliveryFeeLabel, formatPrice, MSG } from "@shop/shared/core";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Field, inputClass } from "../../components/ui/field";
import { SubmitButton } from "../../components/ui/submit-button";
import { ActionNotices } from "../../features/admin/action-notices";
import { adminApi } from "../../features/admin/admin-api";
import { DashboardSection } from "../../features/admin/dashboard/dashboard-parts";
import { deliveryAction } from "../../features/admin/delivery/delivery-actions.server";
import { DELIVERY_PATH } from "../../features/admin/delivery/delivery-paths";
import { OptionForm } from "../../features/admin/delivery/option-form";
import { KIND_LABELS, NEW_OPTION, valuesOf } from "../../features/admin/delivery/option-form-values";
import { AdminRouteError } from "../../features/admin/orders/admin-route-error";
import { requireAdmin } from "../../features/admin/require-admin.server";
import type { Route } from "./+types/delivery";

export function meta() {
  return [{ title: "Livraison" }, { name: "robots", content: "noindex" }];
}

const DONE: Record<string, string> = {
  create: MSG.deliveryOptionSaved,
  update: MSG.deliveryOptionSaved,
  delete: MSG.deliveryOptionDeleted,
  move: "Ordre des options enregistré.",
  settings: MSG.deliverySettingsSaved,
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { options, freeFrom } = await adminApi(request).delivery();
  return {
    options,
    freeFrom,
    editing: url.searchParams.get("edit"),
    deleting: url.searchParams.get("delete"),
    done: DONE[url.searchParams.get("ok") ?? ""] ?? null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return deliveryAction(request);
}

const fee = (option: AdminDeliveryOption) =>
  option.fee === null ? "Frais à confirmer" : option.kind === "pickup" ? "Gratuit" : deliveryFeeLabel(option.fee);

function OptionCard({
  option,
  first,
  last,
  busy,
}: {
  option: AdminDeliveryOption;
  first: boolean;
  last: boolean;
  busy: boolean;
}) {
  const small =
    "min-h-11 rounded-full border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-50";
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold">{option.name}</h3>
        <p className="font-semibold">{fee(option)}</p>
      </div>
      <p className="text-sm text-slate-700">
        {KIND_LABELS[option.kind]}
        {option.delay && <> · {option.delay}</>}
        {!option.active && (
          <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">Masquée</span>
        )}
      </p>
      {option.details && <p className="mt-1 text-sm text-slate-700">{option.details}</p>}
      {option.neighbourhoods.length > 0 && (
        <p className="mt-1 text-sm">
          <span className="font-medium">Quartiers : </span>
          {option.neighbourhoods.join(", ")}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={`${DELIVERY_PATH}?edit=${option._id}`}
          className={`${small} text-brand`}
          aria-label={`Modifier ${option.name}`}
        >
          Modifier
        </Link>
        <Form method="post" action={DELIVERY_PATH} className="contents">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={option._id} />
          <button
            type="submit"
            name="direction"
            value="up"
            disabled={first || busy}
            className={small}
            aria-label={`Monter ${option.name}`}
          >
            Monter
          </button>
          <button
            type="submit"
            name="direction"
            value="down"
            disabled={last || busy}
            className={small}
            aria-label={`Descendre ${option.name}`}
          >
            Descendre
          </button>
        </Form>
        <Link
          to={`${DELIVERY_PATH}?delete=${option._id}`}
          className={`${small} text-red-800`}
          aria-label={`Supprimer ${option.name}`}
        >
          Supprimer
        </Link>
      </div>
    </>
  );
}

function DeleteConfirm({ option, busy }: { option: AdminDeliveryOption; busy: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby={`delete-${option._id}`}
      className="space-y-3 focus:outline-none"
    >
      <p id={`delete-${option._id}`} className="font-semibold">
        Supprimer « {option.name} » ?
      </p>
      <p className="text-sm text-slate-700">
        Les commandes qui l'ont choisie gardent son nom et ses frais. Pour ne plus la proposer sans la perdre,
        masquez-la.
      </p>
      <Form method="post" action={DELIVERY_PATH} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={option._id} />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          Supprimer
        </button>
        <Link to={DELIVERY_PATH} className="font-semibold text-brand underline">
          Annuler
        </Link>
      </Form>
    </div>
  );
}

/**
 * 'Livraison' (decision 025): the options offered to customers, in their order,
 * each edited in place; a new one; and the amount from which delivery in town is free. Every
 * action works without scripts (links and posted forms).
 */
export default function AdminDelivery({ loaderData, actionData }: Route.ComponentProps) {
  const { options, freeFrom, editing, deleting, done } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failure = actionData && !actionData.ok ? actionData : null;
  const failed = (form: string) => (failure?.form === form ? failure : null);
  const adding = editing === "new" || failure?.form === "new";

  return (
    <main className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-extrabold">Livraison</h1>
      <ActionNotices done={done} failure={failure} />

      <DashboardSection id="delivery-free" title="Livraison offerte">
        <Form method="post" action={DELIVERY_PATH} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="settings" />
          <div className="min-w-0 flex-1 basis-56">
            <Field
              id="delivery-free-from"
              name="freeFrom"
              label="À partir d'un achat de (FCFA)"
              hint="Pour les zones de Yaoundé. Laissez vide pour ne jamais l'offrir."
              error={failed("settings")?.message}
            >
              {(props) => (
                <input
                  {...props}
                  className={inputClass}
                  type="text"
                  inputMode="numeric"
                  maxLength={12}
                  defaultValue={freeFrom === null ? "" : String(freeFrom)}
                />
              )}
            </Field>
          </div>
          <SubmitButton busy={busy} busyLabel="Enregistrement…">
            Enregistrer
          </SubmitButton>
        </Form>
        <p className="mt-2 text-sm text-slate-700">
          {freeFrom === null
            ? "La livraison n'est jamais offerte."
            : `Offerte à Yaoundé dès ${formatPrice(freeFrom)} d'achat.`}
        </p>
      </DashboardSection>

      <DashboardSection id="delivery-options" title={`Options proposées (${options.filter((o) => o.active).length})`}>
        <ul className="space-y-3">
          {options.map((option, i) => {
            const refused = failed(option._id);
            return (
              <li key={option._id} className="rounded-lg p-3 ring-1 ring-slate-200">
                {editing === option._id || refused?.values ? (
                  <OptionForm
                    id={option._id}
                    values={refused?.values ?? valuesOf(option)}
                    errors={refused?.fieldErrors}
                    busy={busy}
                  />
                ) : deleting === option._id ? (
                  <DeleteConfirm option={option} busy={busy} />
                ) : (
                  <OptionCard option={option} first={i === 0} last={i === options.length - 1} busy={busy} />
                )}
              </li>
            );
          })}
        </ul>
        <div className="mt-4">
          {adding ? (
            <div className="rounded-lg p-3 ring-2 ring-brand">
              <h3 className="mb-2 text-lg font-bold">Nouvelle option</h3>
              <OptionForm
                values={failed("new")?.values ?? NEW_OPTION}
                errors={failed("new")?.fieldErrors}
                busy={busy}
              />
            </div>
          ) : (
            <Link
              to={`${DELIVERY_PATH}?edit=new`}
              className="inline-block min-h-11 rounded-full bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
            >
              Ajouter une option
            </Link>
          )}
        </div>
      </DashboardSection>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      notFound={{ title: "Page introuvable", hint: "Revenez à la liste des options de livraison." }}
      back={{ to: DELIVERY_PATH, label: "Voir la livraison" }}
    />
  );
}
