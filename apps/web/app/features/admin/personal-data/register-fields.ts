import type { ProcessingActivityInput } from "@shop/shared";

/** What the register says of each processing, in its order, as the authority (APDP) reads it. */
export const ACTIVITY_FIELDS = ["purpose", "legalBasis", "data", "people", "retention", "recipients"] as const;
export type ActivityField = (typeof ACTIVITY_FIELDS)[number];

export const ACTIVITY_LABELS = {
  purpose: "Finalité",
  legalBasis: "Base légale",
  data: "Données",
  people: "Personnes concernées",
  retention: "Durée de conservation",
  recipients: "Destinataires",
} as const satisfies Record<keyof ProcessingActivityInput, string>;

/** The longest text each field takes (the contract's bounds), for the form's maxlength. */
export const ACTIVITY_MAX = {
  purpose: 200,
  legalBasis: 300,
  data: 600,
  people: 300,
  retention: 600,
  recipients: 600,
} as const satisfies Record<ActivityField, number>;
