import { SERVER_ERROR_MESSAGE } from "./server-error-message.ts";

export { SERVER_ERROR_MESSAGE };

/**
 * A lifetime in French, in the largest unit that says it exactly: "30 minutes", "1 heure",
 * "90 secondes" (a reset link's, PASSWORD_RESET_TTL_SECONDS, decision 032).
 */
export function durationInWords(seconds: number): string {
  const [count, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, "heure"]
      : seconds % 60 === 0
        ? [seconds / 60, "minute"]
        : [seconds, "seconde"];
  return `${count} ${unit}${count > 1 ? "s" : ""}`;
}

/**
 * Every French text the API sends, in one place so clients and tests quote the same words;
 * a function for those that name a configured value.
 */
export const MSG = {
  // generic
  invalidInput: "Données invalides.",
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  bodyTooLarge: "La requête est trop volumineuse.",
  unsupportedMediaType: "Type de contenu non pris en charge.",
  methodNotAllowed: "Méthode non autorisée pour cette adresse.",
  notFoundRoute: "Ressource introuvable.",
  serverError: SERVER_ERROR_MESSAGE,
  tooManyRequests: "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
  corsDenied: "Origine non autorisée.",
  // auth
  authRequired: "Veuillez vous connecter.",
  authInvalid: "Session invalide ou expirée, veuillez vous reconnecter.",
  forbidden: "Vous n'avez pas la permission d'effectuer cette action.",
  signInSuccess: "Connexion réussie.",
  signInFailed: "E-mail ou mot de passe incorrect.",
  signUpSuccess: "Compte créé avec succès ! Vous pouvez vous connecter.",
  emailTaken: "Un compte existe déjà avec cet e-mail.",
  passwordsMismatch: " les mots de passes ne correspondent pas",
  logoutSuccess: "Déconnexion réussie.",
  userDetails: "Utilisateur connecté.",
  // notifications on the admins' devices (decision 033)
  pushSubscribed: "Notifications activées sur cet appareil.",
  pushUnsubscribed: "Notifications désactivées sur cet appareil.",
  // forgotten password (decision 032)
  resetRequested: (ttlSeconds: number) =>
    `Si un compte existe avec cet e-mail, un lien pour choisir un nouveau mot de passe vient d'y être envoyé. Il est valable ${durationInWords(ttlSeconds)}.`,
  resetLinkInvalid: "Ce lien n'est plus valable : il a déjà servi ou a expiré. Demandez-en un nouveau.",
  passwordReset: "Mot de passe changé. Vous pouvez vous connecter.",
  resetLinkMade: (ttlSeconds: number) =>
    `Lien de réinitialisation créé. Il est valable ${durationInWords(ttlSeconds)} et ne sert qu'une fois.`,
  resetLinkNotAllowed: "Vous ne pouvez pas réinitialiser le mot de passe de ce compte.",
  // users
  usersListed: "Liste des utilisateurs.",
  userUpdated: "Rôle de l'utilisateur mis à jour.",
  userNotFound: "Utilisateur introuvable.",
  ownRole: "Vous ne pouvez pas changer votre propre rôle.",
  lastSuperAdmin: "Impossible de retirer le dernier super administrateur.",
  rolesSuperAdminOnly: "Seul un super administrateur peut changer les rôles.",
  // products
  productCreated: "Produit enregistré avec succès.",
  productUpdated: "Produit mis à jour avec succès.",
  productDeleted: "Produit supprimé avec succès.",
  productNotFound: "Produit introuvable.",
  productsListed: "Liste des produits.",
  productNotOwned: "Vous ne pouvez modifier que vos propres produits.",
  productNotOwnedDelete: "Vous ne pouvez supprimer que vos propres produits.",
  sellingAbovePrice: "Le prix de vente ne peut pas dépasser l'ancien prix.",
  // cart
  cartAdded: "Produit ajouté au panier.",
  cartAlready: "Ce produit est déjà dans votre panier.",
  cartUpdated: "Panier mis à jour.",
  cartDeleted: "Produit retiré du panier.",
  cartLineNotFound: "Article du panier introuvable.",
  // images
  imageUploaded: "Image enregistrée.",
  imageInvalid: "Veuillez sélectionner un fichier valide.",
  imageTooLarge: "L'image est trop volumineuse.",
  imageMissing: "Aucune image reçue.",
  // contact
  contactSent: "Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.",
  // orders
  orderCreated: "Commande enregistrée.",
  orderFound: "Commande trouvée.",
  orderNotFound: "Commande introuvable. Vérifiez la référence et le numéro de téléphone.",
  ordersListed: "Vos commandes.",
  cartEmpty: "Votre panier est vide.",
  orderFileMissing: "Veuillez joindre un fichier.",
  orderFileInvalid: "Le fichier doit être une image (JPEG, PNG, WebP, HEIC) ou un PDF.",
  orderFileTooLarge: "Le fichier est trop volumineux (10 Mo au maximum).",
  orderFileNotFound: "Aucun fichier pour cette commande.",
  // idempotency keys (issue 16 §1)
  idempotencyKeyMismatch:
    "L'en-tête Idempotency-Key et le champ idempotencyKey portent deux clés différentes : envoyez la même clé, ou une seule.",
  idempotencyKeyReused: "Cette clé de commande a déjà servi pour une autre commande.",
  // back-office: orders, messages, dashboard
  adminOrdersListed: "Commandes.",
  variantNotFound: "Variante introuvable.",
  stockAdjusted: "Stock mis à jour.",
  stockListed: "Stock.",
  stockMovementsListed: "Mouvements de stock.",
  stockUntracked: "Ce stock n'est pas suivi : indiquez d'abord le nombre en stock.",
  stockChangedMeanwhile:
    "Le stock a changé pendant la modification (une commande ?). Rechargez la fiche et recommencez.",
  variantsSaved: "Variantes enregistrées.",
  stockAlertSaved: "C'est noté : nous vous prévenons dès son retour en stock.",
  stockAlertNotNeeded: "Ce produit est disponible : vous pouvez le commander dès maintenant.",
  stockAlertsListed: "Clients à prévenir.",
  stockAlertNotFound: "Demande introuvable.",
  stockAlertNotified: "Client prévenu.",
  // payments (decision 026)
  paymentStarted: "Demande de paiement envoyée. Confirmez sur votre téléphone.",
  paymentInProgress: "Un paiement est déjà en cours pour cette commande. Confirmez-le sur votre téléphone.",
  paymentFound: "État du paiement.",
  paymentNotFound: "Paiement introuvable.",
  paymentUnavailable:
    "Le paiement par Mobile Money n'est pas proposé pour le moment. Payez par transfert ou à la livraison.",
  paymentAlreadyPaid: "Cette commande est déjà payée.",
  paymentNotPayable: "Cette commande ne peut plus être payée (annulée ou livrée).",
  paymentNoAmount:
    "Cette commande n'a pas encore de montant : la boutique vous recontacte avec le prix avant le paiement.",
  paymentFeeToConfirm:
    "Les frais de livraison de cette commande sont encore à confirmer : la boutique vous recontacte avant le paiement.",
  paymentProviderDown: "Le service de paiement ne répond pas. Réessayez dans un instant ou payez par transfert.",
  paymentRefused: "Paiement refusé.",
  paymentInsufficient: "Solde insuffisant.",
  paymentTimedOut: "Délai dépassé : le paiement n'a pas été confirmé à temps.",
  paymentFailed: "Le paiement n'a pas abouti.",
  transferDeclared: "Merci ! Votre paiement est en cours de vérification par la boutique.",
  transferIdTaken: "Ce numéro de transaction a déjà été utilisé pour une commande.",
  transferPending: "Un transfert est déjà en cours de vérification pour cette commande.",
  cashChosen: "C'est noté : vous paierez à la livraison.",
  paymentsToVerifyListed: "Paiements à vérifier.",
  paymentApproved: "Paiement approuvé : la commande est payée.",
  paymentRejected: "Paiement rejeté. Le client voit la raison sur sa commande.",
  paymentNotToVerify: "Ce paiement n'est pas à vérifier.",
  paymentApproveImpossible:
    "La commande est déjà payée, livrée ou annulée : ce paiement ne peut pas la payer. Rejetez-le (à rembourser).",
  paymentScreenshotNotFound: "Capture d'écran introuvable.",
  webhookReceived: "Notification reçue.",
  webhookSignatureInvalid: "Signature invalide.",
  // delivery (decision 025)
  deliveryOptionsListed: "Options de livraison.",
  deliveryOptionSaved: "Option de livraison enregistrée.",
  deliveryOptionDeleted: "Option de livraison supprimée.",
  deliveryOptionNotFound: "Option de livraison introuvable.",
  deliverySettingsSaved: "Réglages de livraison enregistrés.",
  deliveryOptionUnavailable: "Cette option de livraison n'est plus proposée. Choisissez-en une autre.",
  deliveryNeighbourhoodUnknown: "Ce quartier n'est pas dans la zone de livraison choisie.",
  deliveryNeighbourhoodNotServed:
    "Nous ne livrons pas encore ce quartier : choisissez-en un de la liste, le retrait en boutique ou l'expédition.",
  deliveryNeighbourhoodTaken: "Ce quartier est déjà dans une autre zone de livraison.",
  deliveryFeeSet: "Frais de livraison enregistrés.",
  deliveryFeeNotToConfirm: "Les frais de livraison de cette commande sont déjà fixés.",
  deliveryFeeTooLate: "Cette commande est déjà payée, livrée ou annulée : ses frais de livraison ne changent plus.",
  adminOrderNotFound: "Commande introuvable.",
  orderStatusChanged: "Statut de la commande mis à jour.",
  orderStatusSame: "La commande a déjà ce statut.",
  orderStatusNotAllowed: "Ce changement de statut n'est pas possible.",
  messagesListed: "Messages.",
  messageNotFound: "Message introuvable.",
  messageMarkedRead: "Message marqué comme lu.",
  messageMarkedUnread: "Message marqué comme non lu.",
  dashboardReady: "Tableau de bord.",
  badgesReady: "Compteurs.",
  // reviews
  reviewSaved: "Merci pour votre avis !",
  reviewsListed: "Avis des clients.",
  // health
  healthy: "Service opérationnel.",
  unhealthy: "Base de données injoignable.",
} as const;

/** Field-level messages used inside the schemas. */
export const FIELD_MSG = {
  stockNoteRequired: "Indiquez la raison du changement de stock.",
  optionNameDuplicate: "Deux options portent le même nom.",
  optionValueDuplicate: "Une option a deux fois la même valeur.",
  variantValuesMismatch: "Chaque variante doit avoir une valeur de chaque option, dans l'ordre des options.",
  variantDuplicate: "Deux variantes ont les mêmes valeurs.",
  variantWithoutOptions: "Un produit sans option a une seule variante, sans valeur.",
  stockAdjustOneOf: "Indiquez soit une quantité à ajouter ou retirer, soit le nouveau nombre en stock.",
  stockDeltaZero: "La quantité à ajouter ou retirer ne peut pas être zéro.",
  paymentOperatorInvalid: "Choisissez MTN MoMo ou Orange Money.",
  transactionIdRequired: "Le numéro de transaction (dans le SMS de confirmation) est obligatoire.",
  transactionIdInvalid:
    "Le numéro de transaction ne doit contenir que des lettres, des chiffres, des points ou des tirets (40 au plus).",
  rejectReasonRequired: "Donnez la raison du rejet (3 caractères au moins) : le client la lira.",
  rejectReasonTooLong: "La raison du rejet ne doit pas dépasser 300 caractères.",
  deliveryNameRequired: "Le nom de l'option de livraison est obligatoire.",
  deliveryFeeInvalid: "Les frais doivent être un nombre entier de francs, zéro ou plus.",
  deliveryZoneNeedsNeighbourhoods: "Une zone de livraison nomme au moins un quartier.",
  deliveryNeighbourhoodDuplicate: "Un quartier est nommé deux fois.",
  deliveryOptionRequired: "Choisissez un mode de livraison.",
  neighbourhoodRequired: "Indiquez votre quartier.",
  cityRequired: "Indiquez votre ville.",
  landmarkRequired: "Indiquez un point de repère (par exemple : en face de la pharmacie).",
  landmarkTooLong: "Le point de repère ne doit pas dépasser 200 caractères.",
  nameRequired: "Le nom est obligatoire.",
  emailInvalid: "Adresse e-mail invalide.",
  passwordRequired: "Le mot de passe est obligatoire.",
  passwordTooShort: "Le mot de passe doit contenir au moins 8 caractères.",
  passwordTooLong: "Le mot de passe est trop long.",
  productNameRequired: "Le nom du produit est obligatoire.",
  brandNameRequired: "La marque est obligatoire.",
  categoryInvalid: "Catégorie inconnue.",
  tooManyCategories: "Trop de catégories demandées (100 au plus).",
  priceInvalid: "Le prix doit être un nombre entier de francs supérieur à zéro.",
  idInvalid: "Identifiant invalide.",
  roleInvalid: "Rôle inconnu.",
  readFlagInvalid: "Indiquez si le message est lu (true) ou non (false).",
  quantityInvalid: "La quantité doit être un nombre entier entre 1 et 99.",
  imageUrlInvalid: "Adresse d'image invalide.",
  tooManyImages: "Trop d'images pour un produit.",
  profilePicInvalid: "La photo de profil doit être une image.",
  searchTooLong: "La recherche est trop longue.",
  subjectRequired: "L'objet est obligatoire.",
  messageRequired: "Le message est obligatoire.",
  contactNameTooLong: "Le nom ne doit pas dépasser 100 caractères.",
  subjectTooLong: "L'objet ne doit pas dépasser 150 caractères.",
  messageTooLong: "Le message ne doit pas dépasser 5000 caractères.",
  productNameTooLong: "Le nom du produit ne doit pas dépasser 120 caractères.",
  brandNameTooLong: "La marque ne doit pas dépasser 60 caractères.",
  descriptionTooLong: "La description ne doit pas dépasser 5000 caractères.",
  phoneRequired: "Le numéro de téléphone est obligatoire.",
  phoneInvalid: "Numéro de téléphone invalide : 9 chiffres, par exemple 6 77 12 34 56.",
  addressRequired: "L'adresse est obligatoire.",
  addressTooLong: "L'adresse ne doit pas dépasser 300 caractères.",
  orderMessageTooLong: "Le message ne doit pas dépasser 2000 caractères.",
  orderChannelInvalid: "Canal de commande inconnu.",
  idempotencyKeyInvalid:
    "Clé de commande invalide : de 16 à 100 lettres sans accent, chiffres, tirets ou tirets bas (un UUID convient).",
  orderStatusInvalid: "Statut de commande inconnu.",
  referenceInvalid: "Référence invalide : elle ressemble à CMD-7K4Q.",
  ratingInvalid: "La note doit être un nombre entier de 1 à 5.",
  commentTooLong: "Le commentaire ne doit pas dépasser 1000 caractères.",
} as const;

/**
 * An order asking for more than is left (decision 024): the product as the line names it
 * ("iPhone 15 — 256 Go, Noir") and what remains.
 */
export const notEnoughStock = (name: string, left: number) =>
  left === 0 ? `« ${name} » est épuisé.` : `Il ne reste que ${left} « ${name} » en stock.`;

/** An adjustment that would take a count below zero: what remains. */
export const stockBelowZero = (left: number) => `Le stock ne peut pas descendre sous zéro : il en reste ${left}.`;
