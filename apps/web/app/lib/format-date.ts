import { SHOP_TIME_ZONE } from "@shop/shared/core";

/**
 * A date as a customer in Yaoundé reads it: "22 novembre 2026 à 10:15". The time zone is fixed
 * (the shop's), so the server's HTML and the browser's render of the same date agree.
 */
const dateTime = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
