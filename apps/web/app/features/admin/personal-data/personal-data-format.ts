import { SHOP_TIME_ZONE } from "@shop/shared/core";

const day = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});

/** "22/11/2026", in Yaoundé's time whatever the server's or the phone's zone. */
export const formatDay = (iso: string) => day.format(new Date(iso));

/**
 * What the daily clean-up removed, by the names the server counts them under; a name a newer
 * server adds is shown as it is.
 */
const REMOVED_LABELS: Record<string, string> = {
  orderFiles: "Fichiers de commandes",
  screenshots: "Captures de transfert",
  contactMessages: "Messages « Contact »",
  sessionAddresses: "Adresses de connexion",
  cartLines: "Lignes de paniers abandonnés",
  closedOrders: "Commandes anciennes",
  inactiveAccounts: "Comptes inutilisés",
  expiredSessions: "Sessions expirées",
  expiredLinks: "Liens expirés",
};

export interface RemovedCount {
  name: string;
  label: string;
  count: number;
}

/** The last run's counts, in the order the server gave them, each with its French words. */
export const removedCounts = (removed: Record<string, number>): RemovedCount[] =>
  Object.entries(removed).map(([name, count]) => ({
    name,
    label: Object.hasOwn(REMOVED_LABELS, name) ? (REMOVED_LABELS[name] as string) : name,
    count,
  }));
