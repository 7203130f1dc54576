import type { Product, StockMovement } from "@shop/shared";
import { lineName } from "@shop/shared/core";

/** The back-office's words for stock (decision 024). */
export const STOCK_TEXT = {
  loadError: "Impossible de charger le stock. Vérifiez la connexion et réessayez.",
  deltaInvalid: "Indiquez un nombre entier, par exemple +2 ou −1.",
  countInvalid: "Indiquez le nombre en stock : un nombre entier, 0 ou plus.",
  adjustError: "Erreur lors de la mise à jour du stock.",
  notifyError: "Erreur : la demande n'a pas pu être marquée.",
} as const;

/** "Le stock est déjà de 4.": a new count that changes nothing. */
export const countUnchanged = (stock: number) => `Le stock est déjà de ${stock}.`;

/** A variant's exact count as the back-office says it: "8 en stock", "Épuisé", "Non suivi". */
export function stockText(stock: number | null): string {
  if (stock === null) return "Non suivi";
  return stock === 0 ? "Épuisé" : `${stock} en stock`;
}

/** A product's availability over its variants, as the products screen summarises it. */
export function stockSummary(product: Pick<Product, "stockStatus" | "stockLeft">): string {
  switch (product.stockStatus) {
    case "in_stock":
      return "En stock";
    case "low":
      return `Plus que ${product.stockLeft ?? 0} en stock`;
    case "out":
      return "Épuisé";
    default:
      return "Non suivi";
  }
}

/** "+2", "−1" (a true minus sign, read "moins"). */
export const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

/** "iPhone 15 — 256 Go, Noir", or the product's name alone. */
export const variantName = (v: { productName: string; label: string }) => lineName(v.productName, v.label);

export const REASON_LABELS: Record<StockMovement["reason"], string> = {
  commande: "Commande",
  annulation: "Annulation",
  ajustement: "Ajustement",
};

/** What an admin usually writes as the reason, offered as suggestions. */
export const NOTE_SUGGESTIONS = ["Arrivage", "Inventaire", "Retour client", "Casse", "Erreur de saisie"] as const;
