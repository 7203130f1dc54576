import { PRIVACY_REQUEST_DAYS, type PrivacyNotice, type PrivacyRegister } from "@shop/shared";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { registerOf, toProcessingActivity } from "./register.service.ts";
import { retentionSettings } from "./retention.service.ts";

/**
 * 'Confidentialité' and the printable register, generated from the register, the retention
 * settings and the outside services this shop is configured with (decision 041): the page
 * cannot promise a duration the daily job does not apply, nor forget a service the shop uses.
 */

/** The authority that receives complaints (law 2024/017). Its address is to confirm (decision 041). */
export const AUTHORITY = {
  name: "Autorité de protection des données à caractère personnel (APDP)",
  address: "Yaoundé, Cameroun",
  url: "https://www.minpostel.gov.cm",
};

function recipientsOf(config: Config) {
  const recipients = [
    {
      name: "WhatsApp (Meta)",
      purpose: "Les commandes et les messages que vous nous envoyez par WhatsApp",
      data: "Votre numéro, votre nom WhatsApp et le message de commande",
    },
  ];
  if (config.notchpay) {
    recipients.push({
      name: "Notch Pay",
      purpose: "Le paiement en ligne par Mobile Money (MTN, Orange)",
      data: "Le numéro débité, le montant, la référence de la commande",
    });
  }
  if (config.smtp) {
    recipients.push({
      name: "Le service d'e-mail de la boutique",
      purpose: "Les liens pour choisir un nouveau mot de passe et les avis sur votre compte",
      data: "Votre e-mail et votre nom",
    });
  }
  recipients.push({
    name: "Les services de notification des navigateurs (Google, Mozilla, Apple)",
    purpose: "Les notifications des nouvelles commandes sur le téléphone des administrateurs",
    data: "Le numéro de commande et son montant, jamais vos coordonnées",
  });
  return recipients;
}

function controllerOf(config: Config) {
  const { name, address, phone, email } = config.shop;
  return { name, address, phone: `+${phone}`, email };
}

export async function privacyRegister(db: Db, config: Config): Promise<PrivacyRegister> {
  const [rows, retention] = await Promise.all([registerOf(db), retentionSettings(db)]);
  return {
    controller: controllerOf(config),
    activities: rows.map((row) => toProcessingActivity(row, retention)),
    recipients: recipientsOf(config),
    retention,
  };
}

export async function privacyNotice(db: Db, config: Config): Promise<PrivacyNotice> {
  const register = await privacyRegister(db, config);
  const updatedAt =
    register.activities
      .map((a) => a.updatedAt)
      .sort()
      .at(-1) ?? new Date().toISOString();
  return {
    controller: register.controller,
    activities: register.activities.map(({ purpose, legalBasis, data, people, retention, recipients }) => ({
      purpose,
      legalBasis,
      data,
      people,
      retention,
      recipients,
    })),
    retention: register.retention,
    recipients: register.recipients,
    requestDays: PRIVACY_REQUEST_DAYS,
    authority: AUTHORITY,
    updatedAt,
  };
}
