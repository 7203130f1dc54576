/**
 * Field-level messages used inside the schemas, one export each (read as `FIELD_MSG.name`,
 * messages.ts), so that the browser's build keeps only those its forms show.
 */

export const stockNoteRequired = "Indiquez la raison du changement de stock.";
export const optionNameDuplicate = "Deux options portent le même nom.";
export const optionValueDuplicate = "Une option a deux fois la même valeur.";
export const variantValuesMismatch =
  "Chaque variante doit avoir une valeur de chaque option, dans l'ordre des options.";
export const variantDuplicate = "Deux variantes ont les mêmes valeurs.";
export const variantWithoutOptions = "Un produit sans option a une seule variante, sans valeur.";
export const stockAdjustOneOf = "Indiquez soit une quantité à ajouter ou retirer, soit le nouveau nombre en stock.";
export const stockDeltaZero = "La quantité à ajouter ou retirer ne peut pas être zéro.";
export const paymentOperatorInvalid = "Choisissez MTN MoMo ou Orange Money.";
export const transactionIdRequired = "Le numéro de transaction (dans le SMS de confirmation) est obligatoire.";
export const transactionIdInvalid =
  "Le numéro de transaction ne doit contenir que des lettres, des chiffres, des points ou des tirets (40 au plus).";
export const rejectReasonRequired = "Donnez la raison du rejet (3 caractères au moins) : le client la lira.";
export const rejectReasonTooLong = "La raison du rejet ne doit pas dépasser 300 caractères.";
export const deliveryNameRequired = "Le nom de l'option de livraison est obligatoire.";
export const deliveryFeeInvalid = "Les frais doivent être un nombre entier de francs, zéro ou plus.";
export const deliveryZoneNeedsNeighbourhoods = "Une zone de livraison nomme au moins un quartier.";
export const deliveryNeighbourhoodDuplicate = "Un quartier est nommé deux fois.";
export const deliveryOptionRequired = "Choisissez un mode de livraison.";
export const neighbourhoodRequired = "Indiquez votre quartier.";
export const cityRequired = "Indiquez votre ville.";
export const landmarkRequired = "Indiquez un point de repère (par exemple : en face de la pharmacie).";
export const landmarkTooLong = "Le point de repère ne doit pas dépasser 200 caractères.";
export const nameRequired = "Le nom est obligatoire.";
export const emailInvalid = "Adresse e-mail invalide.";
export const passwordRequired = "Le mot de passe est obligatoire.";
export const passwordTooShort = "Le mot de passe doit contenir au moins 8 caractères.";
export const passwordTooLong = "Le mot de passe est trop long.";
export const productNameRequired = "Le nom du produit est obligatoire.";
export const brandNameRequired = "La marque est obligatoire.";
export const categoryInvalid = "Catégorie inconnue.";
export const categoryNameRequired = "Le nom de la catégorie est obligatoire.";
export const categoryNameTooLong = "Le nom de la catégorie est trop long (60 caractères au plus).";
export const categorySlugInvalid =
  "Le slug ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets (« iphone-16 »).";
export const hiddenInvalid = "Indiquez si le produit est masqué (true) ou non (false).";
export const tooManyCategories = "Trop de catégories demandées (100 au plus).";
export const priceInvalid = "Le prix doit être un nombre entier de francs supérieur à zéro.";
export const idInvalid = "Identifiant invalide.";
export const roleInvalid = "Rôle inconnu.";
export const readFlagInvalid = "Indiquez si le message est lu (true) ou non (false).";
export const quantityInvalid = "La quantité doit être un nombre entier entre 1 et 99.";
export const imageUrlInvalid = "Adresse d'image invalide.";
export const tooManyImages = "Trop d'images pour un produit.";
export const profilePicInvalid = "La photo de profil doit être une image.";
export const searchTooLong = "La recherche est trop longue.";
export const subjectRequired = "L'objet est obligatoire.";
export const messageRequired = "Le message est obligatoire.";
export const contactNameTooLong = "Le nom ne doit pas dépasser 100 caractères.";
export const subjectTooLong = "L'objet ne doit pas dépasser 150 caractères.";
export const messageTooLong = "Le message ne doit pas dépasser 5000 caractères.";
export const productNameTooLong = "Le nom du produit ne doit pas dépasser 120 caractères.";
export const brandNameTooLong = "La marque ne doit pas dépasser 60 caractères.";
export const descriptionTooLong = "La description ne doit pas dépasser 5000 caractères.";
export const phoneRequired = "Le numéro de téléphone est obligatoire.";
export const phoneInvalid = "Numéro de téléphone invalide : 9 chiffres, par exemple 6 77 12 34 56.";
export const addressRequired = "L'adresse est obligatoire.";
export const addressTooLong = "L'adresse ne doit pas dépasser 300 caractères.";
export const orderMessageTooLong = "Le message ne doit pas dépasser 2000 caractères.";
export const orderChannelInvalid = "Canal de commande inconnu.";
export const idempotencyKeyInvalid =
  "Clé de commande invalide : de 16 à 100 lettres sans accent, chiffres, tirets ou tirets bas (un UUID convient).";
export const orderStatusInvalid = "Statut de commande inconnu.";
export const referenceInvalid = "Référence invalide : elle ressemble à CMD-7K4Q.";
export const ratingInvalid = "La note doit être un nombre entier de 1 à 5.";
export const commentTooLong = "Le commentaire ne doit pas dépasser 1000 caractères.";
export const journalDayInvalid = "Choisissez une date valide (AAAA-MM-JJ).";
export const journalDaysReversed = "La date de début doit précéder la date de fin.";
export const journalActionInvalid = "Action inconnue.";
// second factors (decision 040)
export const factorNameRequired = "Donnez un nom à ce facteur (par exemple « Mon téléphone »).";
export const factorNameTooLong = "Le nom ne doit pas dépasser 60 caractères.";
export const totpCodeInvalid = "Saisissez les 6 chiffres affichés par votre application d'authentification.";
export const recoveryCodeInvalid = "Saisissez un code de récupération (12 caractères, par exemple 7KQ2-M9XP-4TZA).";
export const secondFactorOneOf = "Saisissez un code, un code de récupération ou utilisez votre clé d'accès.";
export const secondFactorModeInvalid = "Choisissez « exigé » ou « facultatif ».";
export const deleteAccountConfirm =
  "Confirmez avec votre mot de passe, ou avec un code de votre application d'authentification ou de récupération.";
// personal data (decisions 041, 043)
export const promotionsChoiceInvalid = "Choisissez de recevoir ou non nos promotions.";
export const stopLinkInvalid = "Ce lien n'est pas valable : ouvrez-le tel qu'il est dans notre message.";
export const privacyRequestKindInvalid = "Choisissez votre demande.";
export const privacyRequestMessageTooLong = "1000 caractères au plus.";
export const privacyOutcomeInvalid = "Choisissez « traitée » ou « refusée ».";
export const privacyRefusalReason = "Dites au client pourquoi sa demande est refusée.";
export const retentionInvalid = (min: number, max: number) => `Un nombre entier entre ${min} et ${max}.`;
export const registerFieldRequired = "Ce champ est obligatoire.";
export const registerFieldTooLong = (max: number) => `${max} caractères au plus.`;
// the back-office's product filters (decision 044)
export const filterTooLong = "100 caractères au plus.";
export const filterInvalid = "Ce filtre n'existe pas.";
// bulk changes on 'Gestion des Produits' (decision 048)
export const bulkPriceModeInvalid = "Choisissez un pourcentage ou un montant en francs.";
export const bulkPriceValueInvalid = "Indiquez de combien changer le prix (un nombre différent de zéro).";
export const stockInvalid = "Le stock doit être un nombre entier de 0 à 1 000 000, ou vide pour « non suivi ».";
export const bulkActionInvalid = "Choisissez un changement à appliquer.";
export const bulkTargetInvalid = "Cochez des produits, ou choisissez tous ceux du filtre (l'un ou l'autre).";

// promotions (decision 051)
export const promoKindInvalid = "Choisissez soldes ou code promo.";
export const promoNameRequired = "Le nom de la promotion est obligatoire (60 caractères au plus).";
export const promoCodeInvalid =
  "Le code promo compte de 3 à 30 lettres, chiffres, tirets ou soulignés (les espaces sont retirés).";
export const promoCodeRequired = "Un code promo a besoin d'un code.";
export const promoDiscountTypeInvalid = "Choisissez un pourcentage, un montant ou la livraison offerte.";
export const promoPercentInvalid = "Le pourcentage est un nombre entier de 1 à 99.";
export const promoAmountInvalid = "Le montant est un nombre entier de francs, 1 ou plus.";
export const promoUsesInvalid = "Le nombre d'utilisations est un nombre entier, 1 ou plus.";
export const promoDateInvalid = "Indiquez une date et une heure valides.";
export const promoEndBeforeStart = "La fin doit venir après le début.";
export const promoSaleNeedsEnd = "Des soldes ont une date de fin.";
export const promoSaleHasNoCode = "Des soldes s'appliquent sans code : retirez le code, ou choisissez « code promo ».";
export const promoSaleNoFreeDelivery = "La livraison offerte est réservée aux codes promo.";
export const promoSaleCodeFields =
  "Le montant minimum, les nombres d'utilisations et le cumul avec les soldes sont réservés aux codes promo.";
export const promoCodeTooLong = "Le code promo ne doit pas dépasser 40 caractères.";
