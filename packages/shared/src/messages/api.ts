/**
 * Every French text the API sends, one export each (read as `MSG.name`, messages.ts), so that
 * the browser's build keeps only the texts its pages show; a function for those that name a
 * configured value.
 */

import { SERVER_ERROR_MESSAGE } from "../server-error-message.ts";
import { durationInWords } from "./duration.ts";

// generic
export const invalidInput = "Données invalides.";
export const invalidJson = "Le corps de la requête n'est pas un JSON valide.";
export const bodyTooLarge = "La requête est trop volumineuse.";
export const unsupportedMediaType = "Type de contenu non pris en charge.";
export const methodNotAllowed = "Méthode non autorisée pour cette adresse.";
export const notFoundRoute = "Ressource introuvable.";
export const serverError = SERVER_ERROR_MESSAGE;
export const tooManyRequests = "Trop de tentatives. Veuillez réessayer dans quelques minutes.";
export const corsDenied = "Origine non autorisée.";
// auth
export const authRequired = "Veuillez vous connecter.";
export const authInvalid = "Session invalide ou expirée, veuillez vous reconnecter.";
export const forbidden = "Vous n'avez pas la permission d'effectuer cette action.";
export const signInSuccess = "Connexion réussie.";
export const signInFailed = "E-mail ou mot de passe incorrect.";
export const signUpSuccess = "Compte créé avec succès ! Vous pouvez vous connecter.";
export const emailTaken = "Un compte existe déjà avec cet e-mail.";
export const passwordsMismatch = " les mots de passes ne correspondent pas";
export const logoutSuccess = "Déconnexion réussie.";
export const userDetails = "Utilisateur connecté.";
// notifications on the admins' devices (decision 033)
export const pushSubscribed = "Notifications activées sur cet appareil.";
export const pushUnsubscribed = "Notifications désactivées sur cet appareil.";
// forgotten password (decision 032)
export const resetRequested = (ttlSeconds: number) =>
  `Si un compte existe avec cet e-mail, un lien pour choisir un nouveau mot de passe vient d'y être envoyé. Il est valable ${durationInWords(ttlSeconds)}.`;
export const resetLinkInvalid = "Ce lien n'est plus valable : il a déjà servi ou a expiré. Demandez-en un nouveau.";
export const passwordReset = "Mot de passe changé. Vous pouvez vous connecter.";
export const resetLinkMade = (ttlSeconds: number) =>
  `Lien de réinitialisation créé. Il est valable ${durationInWords(ttlSeconds)} et ne sert qu'une fois.`;
export const resetLinkNotAllowed = "Vous ne pouvez pas réinitialiser le mot de passe de ce compte.";
// users
export const usersListed = "Liste des utilisateurs.";
export const userUpdated = "Rôle de l'utilisateur mis à jour.";
export const userNotFound = "Utilisateur introuvable.";
export const ownRole = "Vous ne pouvez pas changer votre propre rôle.";
export const lastSuperAdmin = "Impossible de retirer le dernier super administrateur.";
export const rolesSuperAdminOnly = "Seul un super administrateur peut changer les rôles.";
// products
export const productCreated = "Produit enregistré avec succès.";
export const productUpdated = "Produit mis à jour avec succès.";
export const productDeleted = "Produit supprimé avec succès.";
export const productNotFound = "Produit introuvable.";
export const productArchived =
  "Produit archivé : des commandes le mentionnent, il quitte la boutique mais reste dans leur historique.";
export const productDuplicated = "Copie créée, masquée : complétez-la puis affichez-la.";
export const productNotForSale = (name: string) => `« ${name} » n'est plus en vente : retirez-le du panier.`;
// bulk changes (decision 048)
export const bulkPreviewed = "Aperçu du changement.";
export const bulkApplied = (count: number) => `${count} produit${count > 1 ? "s" : ""} modifié${count > 1 ? "s" : ""}.`;
export const bulkTooMany = (max: number) =>
  `Trop de produits pour un seul changement (${max.toLocaleString("fr-FR")} au plus) : affinez le filtre.`;
export const bulkNothing = "Aucun produit ne correspond : rien n'a changé.";
export const bulkNotOwned = (count: number) =>
  `${count} des produits cochés ne sont pas les vôtres : vous ne pouvez modifier que vos propres produits.`;
export const bulkPriceTooLow = "Ce changement ferait passer un prix à zéro ou en dessous.";
// categories
export const categoriesListed = "Catégories.";
export const categorySaved = "Catégorie enregistrée.";
export const categoryDeleted = "Catégorie supprimée.";
export const categoriesOrdered = "Ordre des catégories enregistré.";
export const categoryNotFound = "Catégorie introuvable.";
export const categoriesSuperAdminOnly = "Seul un super administrateur peut modifier les catégories.";
export const categoryNameTaken = "Une catégorie porte déjà ce nom.";
export const categorySlugTaken = "Une catégorie utilise déjà ce slug.";
export const categoryOrderIncomplete = "L'ordre doit nommer chaque catégorie une seule fois.";
export const categoryNotEmpty = (count: number) =>
  `Cette catégorie contient encore ${count} produit${count > 1 ? "s" : ""} : déplacez-${count > 1 ? "les" : "le"} dans une autre catégorie avant de la supprimer.`;
export const productsListed = "Liste des produits.";
export const productNotOwned = "Vous ne pouvez modifier que vos propres produits.";
export const productNotOwnedDelete = "Vous ne pouvez supprimer que vos propres produits.";
export const sellingAbovePrice = "Le prix de vente ne peut pas dépasser l'ancien prix.";
// cart
export const cartAdded = "Produit ajouté au panier.";
export const cartAlready = "Ce produit est déjà dans votre panier.";
export const cartUpdated = "Panier mis à jour.";
export const cartDeleted = "Produit retiré du panier.";
export const cartLineNotFound = "Article du panier introuvable.";
// images
export const imageUploaded = "Image enregistrée.";
export const imageInvalid = "Veuillez sélectionner un fichier valide.";
export const imageTooLarge = "L'image est trop volumineuse.";
export const imageMissing = "Aucune image reçue.";
// contact
export const contactSent = "Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.";
// orders
export const orderCreated = "Commande enregistrée.";
export const orderFound = "Commande trouvée.";
export const orderNotFound = "Commande introuvable. Vérifiez la référence et le numéro de téléphone.";
export const ordersListed = "Vos commandes.";
export const cartEmpty = "Votre panier est vide.";
export const orderFileMissing = "Veuillez joindre un fichier.";
export const orderFileInvalid = "Le fichier doit être une image (JPEG, PNG, WebP, HEIC) ou un PDF.";
export const orderFileTooLarge = "Le fichier est trop volumineux (10 Mo au maximum).";
export const orderFileNotFound = "Aucun fichier pour cette commande.";
// idempotency keys (decision 014)
export const idempotencyKeyMismatch =
  "L'en-tête Idempotency-Key et le champ idempotencyKey portent deux clés différentes : envoyez la même clé, ou une seule.";
export const idempotencyKeyReused = "Cette clé de commande a déjà servi pour une autre commande.";
// back-office: orders, messages, dashboard
export const adminOrdersListed = "Commandes.";
export const variantNotFound = "Variante introuvable.";
export const stockAdjusted = "Stock mis à jour.";
export const stockListed = "Stock.";
export const stockMovementsListed = "Mouvements de stock.";
export const stockUntracked = "Ce stock n'est pas suivi : indiquez d'abord le nombre en stock.";
export const stockChangedMeanwhile =
  "Le stock a changé pendant la modification (une commande ?). Rechargez la fiche et recommencez.";
export const variantsSaved = "Variantes enregistrées.";
export const stockAlertSaved = "C'est noté : nous vous prévenons dès son retour en stock.";
export const stockAlertNotNeeded = "Ce produit est disponible : vous pouvez le commander dès maintenant.";
export const stockAlertsListed = "Clients à prévenir.";
export const stockAlertNotFound = "Demande introuvable.";
export const stockAlertNotified = "Client prévenu.";
// payments (decision 026)
export const paymentStarted = "Demande de paiement envoyée. Confirmez sur votre téléphone.";
export const paymentInProgress = "Un paiement est déjà en cours pour cette commande. Confirmez-le sur votre téléphone.";
export const paymentFound = "État du paiement.";
export const paymentNotFound = "Paiement introuvable.";
export const paymentUnavailable =
  "Le paiement par Mobile Money n'est pas proposé pour le moment. Payez par transfert ou à la livraison.";
export const paymentAlreadyPaid = "Cette commande est déjà payée.";
export const paymentNotPayable = "Cette commande ne peut plus être payée (annulée ou livrée).";
export const paymentNoAmount =
  "Cette commande n'a pas encore de montant : la boutique vous recontacte avec le prix avant le paiement.";
export const paymentFeeToConfirm =
  "Les frais de livraison de cette commande sont encore à confirmer : la boutique vous recontacte avant le paiement.";
export const paymentProviderDown =
  "Le service de paiement ne répond pas. Réessayez dans un instant ou payez par transfert.";
export const paymentRefused = "Paiement refusé.";
export const paymentInsufficient = "Solde insuffisant.";
export const paymentTimedOut = "Délai dépassé : le paiement n'a pas été confirmé à temps.";
export const paymentFailed = "Le paiement n'a pas abouti.";
export const transferDeclared = "Merci ! Votre paiement est en cours de vérification par la boutique.";
export const transferIdTaken = "Ce numéro de transaction a déjà été utilisé pour une commande.";
export const transferPending = "Un transfert est déjà en cours de vérification pour cette commande.";
export const cashChosen = "C'est noté : vous paierez à la livraison.";
export const paymentsToVerifyListed = "Paiements à vérifier.";
export const paymentApproved = "Paiement approuvé : la commande est payée.";
export const paymentRejected = "Paiement rejeté. Le client voit la raison sur sa commande.";
export const paymentNotToVerify = "Ce paiement n'est pas à vérifier.";
export const paymentApproveImpossible =
  "La commande est déjà payée, livrée ou annulée : ce paiement ne peut pas la payer. Rejetez-le (à rembourser).";
export const paymentScreenshotNotFound = "Capture d'écran introuvable.";
export const webhookReceived = "Notification reçue.";
export const webhookSignatureInvalid = "Signature invalide.";
// delivery (decision 025)
export const deliveryOptionsListed = "Options de livraison.";
export const deliveryOptionSaved = "Option de livraison enregistrée.";
export const deliveryOptionDeleted = "Option de livraison supprimée.";
export const deliveryOptionNotFound = "Option de livraison introuvable.";
export const deliverySettingsSaved = "Réglages de livraison enregistrés.";
export const deliveryOptionUnavailable = "Cette option de livraison n'est plus proposée. Choisissez-en une autre.";
export const deliveryNeighbourhoodUnknown = "Ce quartier n'est pas dans la zone de livraison choisie.";
export const deliveryNeighbourhoodNotServed =
  "Nous ne livrons pas encore ce quartier : choisissez-en un de la liste, le retrait en boutique ou l'expédition.";
export const deliveryNeighbourhoodTaken = "Ce quartier est déjà dans une autre zone de livraison.";
export const deliveryFeeSet = "Frais de livraison enregistrés.";
export const deliveryFeeNotToConfirm = "Les frais de livraison de cette commande sont déjà fixés.";
export const deliveryFeeTooLate =
  "Cette commande est déjà payée, livrée ou annulée : ses frais de livraison ne changent plus.";
export const adminOrderNotFound = "Commande introuvable.";
export const orderStatusChanged = "Statut de la commande mis à jour.";
export const orderStatusSame = "La commande a déjà ce statut.";
export const orderStatusNotAllowed = "Ce changement de statut n'est pas possible.";
export const messagesListed = "Messages.";
export const messageNotFound = "Message introuvable.";
export const messageMarkedRead = "Message marqué comme lu.";
export const messageMarkedUnread = "Message marqué comme non lu.";
export const dashboardReady = "Tableau de bord.";
export const badgesReady = "Compteurs.";
// reviews
export const reviewSaved = "Merci pour votre avis !";
export const reviewsListed = "Avis des clients.";
// health
export const healthy = "Service opérationnel.";
export const unhealthy = "Base de données injoignable.";
export const journalListed = "Journal.";
export const journalIntact = "Journal intact.";
export const journalBroken = "Journal modifié : une ligne a été changée ou supprimée.";
export const journalCheckpointForged = "Journal suspect : son point de contrôle hors de la base a été modifié.";
export const historyListed = "Historique.";
export const historyNotAllowed = "Vous ne pouvez voir que l'historique de vos propres produits.";
export const journalSuperAdminOnly = "Seul un super administrateur peut lire le journal.";
export const devicesListed = "Appareils connectés.";
export const deviceEnded = "Appareil déconnecté.";
export const devicesEnded = "Les autres appareils sont déconnectés.";
export const staffDevicesEnded = "Tous les appareils de ce compte sont déconnectés.";
export const deviceNotFound = "Cet appareil n'est plus connecté.";
export const devicesStaffOnly = "Seul un super administrateur peut voir les appareils des administrateurs.";
export const devicesOfStaffOnly = "Seuls les appareils des administrateurs sont visibles ici.";
// second factors (decision 040)
export const secondFactorNeeded =
  "Mot de passe correct. Confirmez avec votre clé d'accès, le code de votre application d'authentification ou un code de récupération.";
export const secondFactorSetupRequired =
  "L'administration exige un second facteur : ajoutez une clé d'accès ou une application d'authentification pour continuer.";
export const secondFactorTicketInvalid =
  "Cette étape de connexion a expiré. Saisissez à nouveau votre e-mail et votre mot de passe.";
export const totpCodeWrong = "Code incorrect.";
export const totpCodeReused = "Ce code a déjà servi. Attendez le suivant dans votre application.";
export const recoveryCodeWrong = "Code de récupération inconnu.";
export const recoveryCodeUsed = "Code de récupération déjà utilisé.";
export const passkeyUnknown = "Clé d'accès inconnue.";
export const passkeyRefused = "La clé d'accès n'a pas pu être vérifiée. Réessayez.";
export const passkeyChallengeExpired = "La demande de clé d'accès a expiré ou a déjà servi. Réessayez.";
export const passkeyTaken = "Cette clé d'accès est déjà enregistrée.";
export const secondFactorLocked = "Trop de codes incorrects pour ce compte. Réessayez dans 15 minutes.";
export const secondFactorAccepted = "Connexion réussie.";
export const securityOverview = "Sécurité du compte.";
export const totpSetupStarted =
  "Scannez le QR code avec votre application d'authentification, puis saisissez le code affiché.";
export const totpSetupExpired = "Cette configuration a expiré. Recommencez.";
export const totpAlreadySet = "Une application d'authentification est déjà enregistrée : supprimez-la d'abord.";
export const totpAdded = "Application d'authentification ajoutée.";
export const passkeyAdded = "Clé d'accès ajoutée.";
export const factorRenamed = "Nom enregistré.";
export const factorRemoved = "Facteur supprimé.";
export const factorNotFound = "Ce facteur n'existe pas ou a déjà été supprimé.";
export const lastFactorRequired =
  "Gardez au moins un second facteur : l'administration l'exige. Ajoutez-en un autre avant de supprimer celui-ci.";
export const recoveryCodesRenewed =
  "Nouveaux codes de récupération : les anciens ne servent plus. Gardez-les en lieu sûr.";
export const recoveryCodesNeedFactor = "Ajoutez d'abord une clé d'accès ou une application d'authentification.";
export const secondFactorSetting = "Réglage du second facteur.";
export const secondFactorSettingSaved = (required: boolean) =>
  required ? "Second facteur exigé pour les administrateurs." : "Second facteur facultatif pour les administrateurs.";
export const secondFactorSuperAdminOnly =
  "Seul un super administrateur peut changer ce réglage ou réinitialiser les seconds facteurs.";
export const factorsOfStaff = "Seconds facteurs du compte.";
export const factorsReset =
  "Seconds facteurs réinitialisés : ce compte est déconnecté partout et se connectera avec son mot de passe.";
export const ownFactorsReset =
  "Demandez à un autre super administrateur de réinitialiser vos propres seconds facteurs.";
export const passkeysNeedPublicUrl =
  "Les clés d'accès demandent l'adresse publique de la boutique (PUBLIC_URL, un nom de domaine) : utilisez une application d'authentification.";
// personal data (decision 041)
export const myDataListed = "Vos données.";
export const accountDeleted =
  "Votre compte est supprimé. Vos commandes ne gardent plus ni votre nom, ni votre numéro, ni votre adresse.";
export const accountDeletePasswordWrong = "Mot de passe incorrect : votre compte n'est pas supprimé.";
export const accountDeleteLastSuperAdmin =
  "Vous êtes le seul super administrateur : nommez-en un autre avant de supprimer votre compte.";
export const accountDeletePaymentPending = (reference: string) =>
  `Un paiement est en cours pour la commande ${reference} : attendez qu'il se termine avant de supprimer votre compte.`;
export const accountDeleteOrderOpen = (reference: string) =>
  `La commande ${reference} n'est pas encore livrée ni annulée : attendez sa livraison ou annulez-la avant de supprimer votre compte.`;
export const accountUpdated = "Vos informations sont enregistrées.";
export const currentPasswordWrong = "Mot de passe actuel incorrect.";
export const emailChangeNeedsPassword = "Saisissez votre mot de passe actuel pour changer d'e-mail.";
export const passwordChanged = "Mot de passe changé. Vos autres appareils sont déconnectés.";
export const promotionsStopped =
  "C'est noté : vous ne recevrez plus nos promotions ni nos rappels. Les messages sur vos commandes continuent.";
export const promotionsResumed = "C'est noté : vous recevrez de nouveau nos promotions et nos rappels.";
export const privacyRequestNoOrder =
  "Aucune commande ne porte cette référence avec ce numéro : vérifiez-les sur votre reçu ou votre message WhatsApp.";
export const privacyRequestReceived = (due: string) =>
  `Demande reçue. Nous vous répondrons par WhatsApp ou par téléphone au plus tard le ${due}.`;
export const privacyRequestAlready = (due: string) =>
  `Nous avons déjà cette demande : nous vous répondrons au plus tard le ${due}.`;
export const privacyRequestsListed = "Demandes sur les données personnelles.";
export const privacyRequestNotFound = "Cette demande n'existe pas.";
export const privacyRequestAlreadyAnswered = "Cette demande a déjà reçu sa réponse.";
export const privacyRequestAnswered = "Réponse enregistrée.";
export const privacyRequestErased = (count: number) =>
  `Données effacées : ${count} commande${count > 1 ? "s" : ""} anonymisée${count > 1 ? "s" : ""}.`;
export const privacyGuestOrderOpen = (reference: string) =>
  `La commande ${reference} n'est pas encore livrée ni annulée : effacez après sa livraison ou son annulation.`;
export const privacyGuestPaymentPending = (reference: string) =>
  `Un paiement est en cours pour la commande ${reference} : effacez quand il sera terminé.`;
export const retentionSaved = "Durées de conservation enregistrées.";
export const registerSaved = "Registre enregistré.";
export const registerEntryNotFound = "Cette ligne du registre n'existe pas.";
export const privacyNoticeListed = "Confidentialité.";
export const privacySuperAdminOnly = "Seul un super administrateur traite les données personnelles.";
export const retentionListed = "Durées de conservation.";
export const registerListed = "Registre des traitements.";
export const brandsListed = "Marques.";
// catalogue CSV
export const cataloguePreviewed = "Aperçu de l'import : rien n'est encore enregistré.";
export const csvFileMissing = "Joignez le fichier CSV du catalogue.";
export const csvTooLarge = "Le fichier dépasse 10 Mo : découpez-le en plusieurs fichiers.";
export const csvTooManyRows = (max: number) =>
  `Le fichier compte plus de ${max.toLocaleString("fr-FR")} lignes : découpez-le en plusieurs fichiers.`;
export const csvNotCsv =
  "Ce fichier n'est pas un CSV : enregistrez votre tableau au format « CSV UTF-8 » ou « CSV (séparateur : point-virgule) ».";
export const csvEmpty =
  "Le fichier est vide : sa première ligne doit nommer les colonnes (Handle, Title, Variant Price…).";
export const csvMalformed = (line: number) =>
  `Le fichier est mal formé vers la ligne ${line} (un guillemet n'est pas fermé ?) : enregistrez-le de nouveau depuis votre tableur.`;
export const csvMissingColumns = (names: string) =>
  `Colonne${names.includes(",") ? "s" : ""} manquante${names.includes(",") ? "s" : ""} : ${names}. La première ligne doit nommer les colonnes, comme dans le fichier exporté.`;
export const csvTooManyOptions = (max: number) => `Trop d'options : ${max} au plus (Option1 à Option${max}).`;
export const csvHandleRequired = "Le Handle ou le titre (Title) est obligatoire.";
export const csvTitleRequired = "Le titre (Title) est obligatoire sur la première ligne du produit.";
export const csvBrandRequired = "La marque (Vendor) est obligatoire sur la première ligne du produit.";
export const csvCategoryRequired = "La catégorie (Type) est obligatoire sur la première ligne du produit.";
export const csvCategoryUnknown = (name: string) =>
  `Catégorie « ${name} » inconnue : créez-la dans « Catégories » ou choisissez une catégorie existante.`;
export const csvPriceInvalid = (column: string, value: string) =>
  `${column} « ${value} » n'est pas un prix : un nombre entier de francs supérieur à zéro (ex. 275000).`;
export const csvPriceRequired = "Le prix (Variant Price) est obligatoire.";
export const csvSellingAbovePrice = (selling: number, old: number) =>
  `Le prix de vente (Variant Price, ${selling}) dépasse l'ancien prix (Variant Compare At Price, ${old}).`;
export const csvStockInvalid = (value: string) =>
  `Stock (Variant Inventory Qty) « ${value} » invalide : un nombre entier de 0 ou plus, ou vide pour « non suivi ».`;
export const csvStatusInvalid = (value: string) =>
  `Statut « ${value} » inconnu : active (affiché), draft (masqué) ; ou Published TRUE / FALSE.`;
export const csvSkuDuplicate = (sku: string, line: number) =>
  `SKU « ${sku} » déjà utilisé à la ligne ${line} du fichier.`;
export const csvHandleDuplicate = (handle: string, line: number) =>
  `Ce produit de la boutique (« ${handle} ») est déjà désigné par le produit de la ligne ${line} du fichier.`;
export const csvMatchConflict =
  "Les SKU et le Handle de ce produit désignent des produits différents de la boutique : corrigez le Handle ou les SKU.";
export const csvImageNotHttp = (url: string) => `Image « ${url} » : l'adresse doit commencer par http:// ou https://.`;
export const csvOptionValueMissing = (name: string) => `La valeur de l'option « ${name} » manque.`;
export const csvOptionNameMissing = (n: number) => `L'option ${n} a une valeur mais pas de nom (Option${n} Name).`;
export const csvNotOwned =
  "Ce produit appartient à un autre administrateur : vous ne pouvez modifier que vos propres produits.";
export const csvProductArchived =
  "Ce produit est archivé (supprimé alors que des commandes le mentionnent) : il ne peut plus être importé.";
export const csvFieldInvalid = (column: string, reason: string) => `${column} : ${reason}`;
export const importStarted = "Import lancé : les produits s'enregistrent un à un, suivez la progression ici.";
export const importShown = "État de l'import.";
export const importNone = "Aucun import pour l'instant.";
export const importNotFound = "Import introuvable : choisissez le fichier et prévisualisez-le à nouveau.";
export const importAlreadyStarted = "Cet import est déjà lancé : suivez sa progression.";
export const importProductFailed = (reason: string) => `Non enregistré : ${reason}`;

// promotions (decision 051)
export const promotionsListed = "Promotions.";
export const promotionSaved = "Promotion enregistrée.";
export const promotionNotFound = "Promotion introuvable.";
export const promotionCodeTaken = "Ce code promo existe déjà : choisissez-en un autre.";
export const promotionPaused = "Promotion mise en pause.";
export const promotionResumed = "Promotion reprise.";
export const promotionEnded = "Promotion terminée.";
export const promotionAlreadyEnded = "Cette promotion est déjà terminée.";
export const promotionUnknownProducts = "Un des produits ou une des variantes choisis n'existe plus.";
export const promotionUnknownCategory = (name: string) => `Catégorie inconnue : « ${name} ».`;
/** A sale's amount off that would give some product away. */
export const promotionAmountAbovePrice = (name: string, price: string) =>
  `Le montant dépasse le prix de « ${name} » (${price}) : choisissez un montant plus petit ou retirez ce produit.`;
export const promotionKindFixed = "Des soldes restent des soldes, un code reste un code : créez une autre promotion.";
export const promotionUsesBelowCount = (uses: number) =>
  `Le code a déjà servi ${uses} fois : le nombre d'utilisations ne peut pas descendre en dessous.`;
export const promoCodeUnknown = "Code promo inconnu : vérifiez l'orthographe.";
export const promoCodeExpired = "Ce code promo a expiré.";
export const promoCodeNotYet = "Ce code promo n'est pas encore valable.";
export const promoCodePaused = "Ce code promo est suspendu pour le moment.";
export const promoCodeExhausted = "Ce code promo est épuisé.";
export const promoCodeUsedByPhone = "Ce code promo a déjà été utilisé avec ce numéro.";
export const promoCodeMinimum = (amount: string) =>
  `Montant minimum non atteint : ce code promo vaut à partir de ${amount} d'achats.`;
export const promoCodeNoLine = "Ce code promo ne s'applique à aucun article de votre panier.";
export const promoCodeNeedsPhone = "Indiquez votre numéro de téléphone : ce code promo est limité par client.";
export const promoCodeApplied = (discount: string) => `Code promo appliqué : ${discount} de réduction.`;
export const promoCodeFreeDelivery = "Code promo appliqué : la livraison est offerte.";
