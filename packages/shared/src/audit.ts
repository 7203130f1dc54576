/**
 * The audit log's words (decision 038), for the server's export and the back-office's
 * 'Journal' alike: what kind of thing a line names, and what was done.
 */

/** The kinds of thing a line names, with the word the Journal shows. */
export const AUDIT_ENTITIES = {
  product: "Produit",
  category: "Catégorie",
  "catalogue-import": "Import du catalogue",
  order: "Commande",
  "delivery-option": "Option de livraison",
  setting: "Réglage",
  user: "Utilisateur",
  message: "Message",
  privacy: "Données personnelles",
  promotion: "Promotion",
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

/** What was done, in the Journal's words. */
export const AUDIT_ACTIONS = {
  create: "Création",
  update: "Modification",
  delete: "Suppression",
  archive: "Archivage",
  duplicate: "Duplication",
  import: "Import lancé",
  reorder: "Ordre",
  variants: "Variantes",
  stock: "Stock ajusté",
  "stock-alert-notified": "Client prévenu du retour en stock",
  status: "Statut",
  "delivery-fee": "Frais de livraison",
  "payment-approve": "Paiement approuvé",
  "payment-reject": "Paiement rejeté",
  role: "Rôle",
  "reset-link": "Lien de nouveau mot de passe",
  "push-device-added": "Notifications activées",
  "push-device-removed": "Notifications désactivées",
  "sessions-ended": "Appareils déconnectés",
  "second-factor-added": "Second facteur ajouté",
  "second-factor-renamed": "Second facteur renommé",
  "second-factor-removed": "Second facteur supprimé",
  "second-factors-reset": "Seconds facteurs réinitialisés",
  "recovery-codes-renewed": "Codes de récupération renouvelés",
  "recovery-code-used": "Code de récupération utilisé",
  "second-factor-refused": "Second facteur refusé",
  "second-factor-locked": "Second facteur bloqué (trop d'essais)",
  erase: "Données effacées",
  "file-read": "Fichier consulté",
  retention: "Durées de conservation appliquées",
  read: "Message lu",
  unread: "Message non lu",
  pause: "Mise en pause",
  resume: "Reprise",
  end: "Fin anticipée",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
