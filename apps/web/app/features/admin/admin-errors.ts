import { SECOND_FACTOR_CODES } from "@shop/shared/core";
import { ApiError } from "../../lib/api";

/** The back-office's own words of SPEC.md §5 and §8. */
export const ADMIN_TEXT = {
  authError: "Erreur d'authentification, veuillez vous reconnecter.",
  productSaveError: "Erreur lors de l'enregistrement du produit.",
  imageUploadError: "Erreur lors de l'upload de l'image.",
  imageRequired: "*Veuillez sélectionner au moins une image",
  productsLoadError: "Failed to fetch products",
  genericError: "Une erreur est survenue.",
} as const;

/**
 * What to tell an admin when a call failed: the authentication message when the session is
 * missing or over (401), the server's own message when it answered one, `fallback` when it
 * could not be reached or answered nothing readable (status 0).
 */
export function adminErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  if (error.status === 401) return ADMIN_TEXT.authError;
  return error.message;
}

/** The API's refusal of an admin call while the shop requires a second factor this session was opened without. */
export const isSecondFactorSetup = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === SECOND_FACTOR_CODES.setup;
