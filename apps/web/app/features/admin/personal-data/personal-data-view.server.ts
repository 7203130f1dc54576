import {
  type AdminPrivacyRequest,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_STATUS_LABELS,
  RETENTION_LABELS,
  RETENTION_LIMITS,
  RETENTION_NAMES,
  type RetentionName,
  type RetentionValues,
} from "@shop/shared";
import { redirect } from "react-router";
import { requireAdmin } from "../require-admin.server";

/*
 * The contract's labels and limits live beside its zod schemas: the loaders hand the screen
 * the words and numbers it shows, so that zod stays on the server and out of the page's scripts.
 */

/** A request as the screen shows it: the API's, with its kind and status in words. */
export interface PrivacyRequestView extends AdminPrivacyRequest {
  kindLabel: string;
  statusLabel: string;
}

export const requestView = (request: AdminPrivacyRequest): PrivacyRequestView => ({
  ...request,
  kindLabel: PRIVACY_REQUEST_KIND_LABELS[request.kind] ?? request.kind,
  statusLabel: PRIVACY_REQUEST_STATUS_LABELS[request.status] ?? request.status,
});

/** One duration of the retention form: its field, its words, its bounds and what is set. */
export interface RetentionField {
  name: RetentionName;
  label: string;
  min: number;
  max: number;
  value: number;
}

/** Every duration, in the contract's order. */
export const retentionFields = (settings: RetentionValues): RetentionField[] =>
  RETENTION_NAMES.map((name) => ({
    name,
    label: RETENTION_LABELS[name],
    min: RETENTION_LIMITS[name].min,
    max: RETENTION_LIMITS[name].max,
    value: settings[name],
  }));

/**
 * The owner's screens: the SUPERADMIN's alone (they name customers and decide erasures); an
 * ADMIN goes back to the back-office's home, as from the Journal.
 */
export async function requireOwner(request: Request) {
  const user = await requireAdmin(request);
  if (user.role !== "SUPERADMIN") throw redirect("/admin-panel");
  return user;
}
