import type { AdminDeliveryOption, DeliveryKind, DeliveryOptionBody } from "@shop/shared";
import { DELIVERY_KINDS, FIELD_MSG } from "@shop/shared/core";
import type { ApiIssue } from "../../../lib/api";
import { textOf } from "../../../lib/form-values";

/** The 'Livraison' screen's option form (decision 025), as typed and as the API takes it. */

export const OPTION_FIELDS = ["kind", "name", "fee", "delay", "details", "neighbourhoods"] as const;
export type OptionField = (typeof OPTION_FIELDS)[number];
export type OptionErrors = Partial<Record<OptionField, string>>;

export interface OptionValues {
  kind: DeliveryKind;
  name: string;
  fee: string;
  /** Shipping only: "Frais à confirmer". */
  feeToConfirm: boolean;
  delay: string;
  details: string;
  /** One neighbourhood a line. */
  neighbourhoods: string;
  active: boolean;
}

export const KIND_LABELS: Record<DeliveryKind, string> = {
  zone: "Zone de Yaoundé",
  pickup: "Retrait en boutique",
  shipping: "Expédition hors Yaoundé",
};

export const NEW_OPTION: OptionValues = {
  kind: "zone",
  name: "",
  fee: "",
  feeToConfirm: false,
  delay: "",
  details: "",
  neighbourhoods: "",
  active: true,
};

export function valuesOf(option: AdminDeliveryOption): OptionValues {
  return {
    kind: option.kind,
    name: option.name,
    fee: option.fee === null ? "" : String(option.fee),
    feeToConfirm: option.fee === null,
    delay: option.delay,
    details: option.details,
    neighbourhoods: option.neighbourhoods.join("\n"),
    active: option.active,
  };
}

const isKind = (v: string): v is DeliveryKind => (DELIVERY_KINDS as readonly string[]).includes(v);

export function readOptionForm(form: FormData): OptionValues {
  const kind = textOf(form, "kind");
  return {
    kind: isKind(kind) ? kind : "zone",
    name: textOf(form, "name"),
    fee: textOf(form, "fee"),
    feeToConfirm: textOf(form, "feeToConfirm") === "on",
    delay: textOf(form, "delay"),
    details: textOf(form, "details"),
    neighbourhoods: textOf(form, "neighbourhoods"),
    active: textOf(form, "active") === "on",
  };
}

/** "Bastos\nEssos, Omnisport" → ["Bastos", "Essos", "Omnisport"]: lines or commas, blanks dropped. */
export const neighbourhoodList = (text: string) =>
  text
    .split(/[\n,;]/)
    .map((n) => n.trim())
    .filter(Boolean);

/** The API's body: only what the kind uses (checkOption has made sure a needed fee is a number). */
export function optionBody(values: OptionValues, position?: number): DeliveryOptionBody {
  const fee =
    values.kind === "pickup"
      ? 0
      : values.kind === "shipping" && values.feeToConfirm
        ? null
        : Number(values.fee.replace(/\s/g, ""));
  return {
    kind: values.kind,
    name: values.name,
    fee,
    delay: values.delay,
    details: values.details,
    neighbourhoods: values.kind === "zone" ? neighbourhoodList(values.neighbourhoods) : [],
    active: values.active,
    ...(position === undefined ? {} : { position }),
  };
}

/** The checks the browser makes first, in the server's words. */
export function checkOption(values: OptionValues): OptionErrors {
  const errors: OptionErrors = {};
  if (!values.name.trim()) errors.name = FIELD_MSG.deliveryNameRequired;
  const needsFee = values.kind === "zone" || (values.kind === "shipping" && !values.feeToConfirm);
  if (needsFee && !/^\d+$/.test(values.fee.replace(/\s/g, ""))) errors.fee = FIELD_MSG.deliveryFeeInvalid;
  if (values.kind === "zone" && neighbourhoodList(values.neighbourhoods).length === 0) {
    errors.neighbourhoods = FIELD_MSG.deliveryZoneNeedsNeighbourhoods;
  }
  return errors;
}

/** The API's issues by field ("body.neighbourhoods.3" is the neighbourhoods' field). */
export function optionErrorsOf(issues: readonly ApiIssue[]): OptionErrors {
  const errors: OptionErrors = {};
  for (const issue of issues) {
    const field = issue.path.split(".")[1] as OptionField;
    if ((OPTION_FIELDS as readonly string[]).includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}
