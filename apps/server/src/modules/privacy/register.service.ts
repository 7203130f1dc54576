import { MSG, type ProcessingActivity, type ProcessingActivityInput, type RetentionValues } from "@shop/shared";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type ProcessingActivityRow, processingActivities } from "../../db/schema/privacy.ts";
import { notFound } from "../../lib/errors.ts";
import { recordUpdate, type Staff } from "../audit/audit.service.ts";

/**
 * The register of processing (decision 041, docs/privacy.md): what the shop does with personal
 * data, why, on which basis, for how long and who sees it. Seeded with what the code does; the
 * owner may reword a line. A `{name}` in a retention text is the current value of that
 * retention setting, so the register and 'Confidentialité' follow the settings the daily job
 * applies.
 */
export const DEFAULT_ACTIVITIES: readonly (ProcessingActivityInput & { slug: string })[] = [
  {
    slug: "orders",
    purpose: "Prendre, livrer et suivre les commandes (WhatsApp, appel, formulaire)",
    legalBasis: "Exécution du contrat de vente demandé par le client",
    data: "Nom, numéro de téléphone, adresse, quartier et point de repère, message, produits commandés, montants, statut et son historique, fichier joint au formulaire",
    people: "Clients, avec ou sans compte",
    retention:
      "Commande livrée ou annulée : {closedOrdersYears} ans (trace comptable de la vente), puis effacée ; fichier joint : {orderFilesDays} jours après la livraison ou l'annulation",
    recipients: "Administrateurs de la boutique ; WhatsApp quand le client commande par WhatsApp",
  },
  {
    slug: "payments",
    purpose: "Encaisser les paiements Mobile Money et vérifier les transferts",
    legalBasis: "Exécution du contrat ; obligation légale de tenir la comptabilité",
    data: "Numéro débité, opérateur, montant, référence de transaction, capture d'écran d'un transfert",
    people: "Clients qui paient en ligne ou par transfert",
    retention:
      "Avec la commande : {closedOrdersYears} ans ; capture d'écran : {orderFilesDays} jours après la livraison ou l'annulation",
    recipients: "Administrateurs ; Notch Pay (prestataire de paiement) pour les paiements en ligne",
  },
  {
    slug: "accounts",
    purpose: "Tenir le compte client : connexion, panier, avis, appareils",
    legalBasis: "Exécution du contrat (le compte demandé par le client)",
    data: "Nom, e-mail, mot de passe (haché), photo de profil, panier, avis, appareils connectés, seconds facteurs",
    people: "Clients avec un compte, administrateurs",
    retention:
      "Tant que le compte est utilisé ; un compte inutilisé depuis {inactiveAccountsYears} ans est prévenu puis supprimé 30 jours après ; panier non touché : {abandonedCartsDays} jours",
    recipients: "Administrateurs (nom et e-mail) ; le prestataire d'e-mail pour les liens de mot de passe",
  },
  {
    slug: "security",
    purpose: "Sécuriser la boutique : sessions, limites de tentatives, journal des actions des administrateurs",
    legalBasis: "Intérêt légitime de la boutique et obligation de sécurité",
    data: "Adresse IP et appareil d'une session, actions des administrateurs, lectures des fichiers des clients",
    people: "Clients connectés, administrateurs",
    retention:
      "Adresse d'une session : {sessionAddressesDays} jours ; journal des administrateurs : conservé pour preuve",
    recipients: "Super administrateurs",
  },
  {
    slug: "contact",
    purpose: "Répondre aux messages « Contact » et aux demandes « Prévenez-moi »",
    legalBasis: "Consentement de la personne qui écrit ou demande à être prévenue",
    data: "Nom, e-mail, téléphone, message ; numéro laissé pour « Prévenez-moi »",
    people: "Visiteurs et clients",
    retention: "Messages : {contactMessagesDays} jours ; « Prévenez-moi » : jusqu'à ce que le client soit prévenu",
    recipients: "Administrateurs ; WhatsApp pour le message qui prévient",
  },
  {
    slug: "notifications",
    purpose: "Prévenir le propriétaire des nouvelles commandes sur son téléphone",
    legalBasis: "Intérêt légitime de la boutique",
    data: "Abonnement du navigateur de l'administrateur (adresse du service de notification)",
    people: "Administrateurs",
    retention: "Jusqu'à la désinscription de l'appareil ou la suppression du compte",
    recipients: "Service de notification du navigateur (Google, Mozilla, Apple)",
  },
];

/** Replaces each `{name}` by that retention's value. */
export function withDurations(text: string, retention: RetentionValues): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in retention ? String(retention[name as keyof RetentionValues]) : whole,
  );
}

/** The register, its default lines added once (two servers seeding at once add them once). */
export async function registerOf(db: Db): Promise<ProcessingActivityRow[]> {
  const rows = await db.select().from(processingActivities).orderBy(asc(processingActivities.position));
  if (rows.length >= DEFAULT_ACTIVITIES.length) return rows;
  await db
    .insert(processingActivities)
    .values(DEFAULT_ACTIVITIES.map((a, position) => ({ ...a, position })))
    .onConflictDoNothing({ target: processingActivities.slug });
  return db.select().from(processingActivities).orderBy(asc(processingActivities.position));
}

export function toProcessingActivity(row: ProcessingActivityRow, retention: RetentionValues): ProcessingActivity {
  return {
    _id: row.id,
    position: row.position,
    purpose: row.purpose,
    legalBasis: row.legalBasis,
    data: row.data,
    people: row.people,
    retention: withDurations(row.retention, retention),
    recipients: row.recipients,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function updateActivity(
  db: Db,
  staff: Staff,
  id: string,
  input: ProcessingActivityInput,
  retention: RetentionValues,
): Promise<ProcessingActivityRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(processingActivities).where(eq(processingActivities.id, id)).for("update");
    if (!before) throw notFound(MSG.registerEntryNotFound);
    // The form shows the durations filled in: sent back unchanged, the text keeps following the settings.
    const kept = input.retention === withDurations(before.retention, retention) ? before.retention : input.retention;
    const [after] = await tx
      .update(processingActivities)
      .set({ ...input, retention: kept })
      .where(eq(processingActivities.id, id))
      .returning();
    await recordUpdate(tx, staff, {
      entity: "privacy",
      entityId: id,
      action: "update",
      before,
      after: after!,
      keys: ["purpose", "legalBasis", "data", "people", "retention", "recipients"],
    });
    return after!;
  });
}
