import type { Db } from "../client.ts";
import { deliveryOptions, deliverySettings } from "../schema.ts";

type NewOption = typeof deliveryOptions.$inferInsert;

/**
 * A fresh shop's delivery (decision 025): Yaoundé in three zones by distance from the shop
 * (moto-taxi fares of 2026), pickup at the shop, shipping by a travel agency's parcel
 * service with the fee confirmed by the shop, and free delivery in town from 300 000 FCFA
 * (most phones: the shop's usual gesture on a phone).
 */
export const DEMO_DELIVERY_OPTIONS: NewOption[] = [
  {
    kind: "zone",
    name: "Zone 1 — Centre",
    fee: 1000,
    delay: "Le jour même",
    details: "Commande confirmée avant 15 h : livrée le jour même.",
    neighbourhoods: [
      "Centre-ville",
      "Elig-Essono",
      "Nlongkak",
      "Mvog-Ada",
      "Briqueterie",
      "Mokolo",
      "Madagascar",
      "Tsinga",
      "Mvog-Mbi",
      "Ngoa-Ekellé",
    ],
  },
  {
    kind: "zone",
    name: "Zone 2",
    fee: 1500,
    delay: "24 h",
    neighbourhoods: [
      "Bastos",
      "Omnisport",
      "Essos",
      "Mimboman",
      "Biyem-Assi",
      "Melen",
      "Obili",
      "Etoudi",
      "Emana",
      "Ekounou",
      "Nkolndongo",
      "Mendong",
    ],
  },
  {
    kind: "zone",
    name: "Zone 3 — Périphérie",
    fee: 2500,
    delay: "24 à 48 h",
    neighbourhoods: ["Odza", "Nsimalen", "Nkolbisson", "Olembe", "Nyom", "Simbock", "Ahala", "Mvan", "Nkoabang"],
  },
  {
    kind: "pickup",
    name: "Retrait en boutique",
    fee: 0,
    delay: "Dès aujourd'hui",
    details: "Du lundi au vendredi de 8h à 18h, et le samedi de 9h à 14h.",
  },
  {
    kind: "shipping",
    name: "Expédition hors Yaoundé",
    fee: null,
    delay: "2 à 4 jours",
    details: "Par agence de voyage (Douala, Bafoussam, Garoua…) : les frais vous sont confirmés par WhatsApp.",
  },
];

export const DEMO_FREE_FROM = 300_000;

/** Adds the demo delivery to a shop that has none; called with the demo catalogue. */
export async function seedDemoDelivery(tx: Db): Promise<void> {
  const any = await tx.select({ id: deliveryOptions.id }).from(deliveryOptions).limit(1);
  if (any.length) return;
  await tx.insert(deliveryOptions).values(DEMO_DELIVERY_OPTIONS.map((option, position) => ({ ...option, position })));
  await tx
    .insert(deliverySettings)
    .values({ id: 1, freeFrom: DEMO_FREE_FROM })
    .onConflictDoUpdate({ target: deliverySettings.id, set: { freeFrom: DEMO_FREE_FROM } });
}
