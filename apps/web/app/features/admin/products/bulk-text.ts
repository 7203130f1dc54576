import type { BulkAction } from "@shop/shared";
import { formatPrice } from "@shop/shared/core";

/*
 * The bulk change's French sentences (decision 048): what the selection counts, what the
 * change does, and what the preview announces.
 */

const s = (count: number) => (count > 1 ? "s" : "");

/** 'N sélectionné(s)', 0 and 1 singular as French has them. */
export const selectedText = (count: number) => `${count} sélectionné${s(count)}`;

/** The filter-wide choice: every product the grid's filter matches, over all its pages. */
export const wholeFilterText = (total: number) =>
  total > 1 ? `Tous les ${total} produits correspondant au filtre` : "Le produit correspondant au filtre";

/** A signed number as French writes it: "−10", "+12,5". */
const signed = (value: number, shown: string) => `${value < 0 ? "\u2212" : "+"}${shown}`;
const decimal = (value: number) => String(Math.abs(value)).replace(".", ",");

/** The change in words: "Prix de vente : −10 %", "Catégorie : SAMSUNG", "Stock : non suivi". */
export function changeText(action: BulkAction): string {
  switch (action.kind) {
    case "price": {
      const amount =
        action.mode === "percent"
          ? `${signed(action.value, decimal(action.value))} %`
          : signed(action.value, formatPrice(Math.round(Math.abs(action.value))));
      return `${action.field === "both" ? "Prix de vente et ancien prix" : "Prix de vente"} : ${amount}`;
    }
    case "category":
      return `Catégorie : ${action.category}`;
    case "hide":
      return "Masquer sur la boutique";
    case "show":
      return "Afficher sur la boutique";
    case "stock":
      return action.stock === null ? "Stock : non suivi" : `Stock de chaque variante : ${action.stock}`;
    case "delete":
      return "Supprimer";
  }
}

/** "2 produits seront modifiés.", "1 produit sera supprimé." */
export function headlineText(count: number, action: BulkAction): string {
  const verb = action.kind === "delete" ? "supprimé" : "modifié";
  return `${count} produit${s(count)} ${count > 1 ? "seront" : "sera"} ${verb}${s(count)}.`;
}

/** A deletion's products that orders name stay, archived (decision 046): how many, or that none does. */
export function archivedText(archived: number): string {
  if (archived === 0) return "Aucune commande ne les mentionne : ils seront supprimés définitivement.";
  return `${archived} ${archived > 1 ? "seront archivés" : "sera archivé"} plutôt que supprimé${s(archived)} : des commandes ${archived > 1 ? "les" : "le"} mentionnent.`;
}

/** Variants whose raise stops at their old price (a selling price never goes above it). */
export const cappedText = (capped: number) =>
  `${capped} prix de vente ${capped > 1 ? "s'arrêtent" : "s'arrête"} à l'ancien prix : une hausse ne le dépasse pas.`;

/** The products of the change that the preview does not show. */
export const othersText = (others: number) => `… et ${others} autre${s(others)}.`;
