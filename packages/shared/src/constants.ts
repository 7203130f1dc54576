/** Business constants of SPEC.md §9 and the limits every client and the server share. */
export const ROLES = ["GENERAL", "ADMIN", "SUPERADMIN"] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_ROLES: readonly Role[] = ["ADMIN", "SUPERADMIN"];
/** True when `mine` is above `theirs` (SUPERADMIN > ADMIN > GENERAL): who may reset whose password (decision 032). */
export const outranks = (mine: Role, theirs: Role) => ROLES.indexOf(mine) > ROLES.indexOf(theirs);

export const LOCALE = "fr-CH";
export const CURRENCY = "XAF";
export const PHONE_PREFIX = "237";

export const TOAST_SUCCESS_MS = 300;
export const HERO_SLIDES = 4;
export const HERO_INTERVAL_MS = 5_000;
export const HERO_PAUSE_MS = 10_000;
export const PAGED_SECTION_SIZE = 6;
export const SKELETONS_PAGED = 6;
export const SKELETONS_ROW = 13;
export const SCROLL_STEP_PX = 300;
export const SCROLL_MARGIN_PX = 10;
export const SCROLL_CHECK_MS = 500;
export const RETURN_DAYS = 7;

/** Largest accepted upload, before any resizing. Phone cameras produce up to ~12 MB. */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Largest profile picture accepted at sign-up (decoded size of the data URL). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
/** Widths stored for every product image: card, detail, zoom. */
export const IMAGE_WIDTHS = { card: 400, detail: 800, zoom: 1600 } as const;

export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 100;
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_CART_QUANTITY = 99;
/** A product's options ('Stockage', 'Couleur'…) and the values of each (decision 024). */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
/** The most variants a product may have (every combination of 3 options would be 8000). */
export const MAX_PRODUCT_VARIANTS = 100;
/** At this count or under, customers read 'Plus que N en stock'; above it, only 'En stock'. */
export const LOW_STOCK_MAX = 3;
/** Why a stock count changed: an order took it, a cancellation gave it back, an admin set it. */
export const STOCK_REASONS = ["commande", "annulation", "ajustement"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
/** What a customer may know of a variant's stock: exact counts above LOW_STOCK_MAX stay private. */
export const STOCK_STATUSES = ["in_stock", "low", "out", "untracked"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** What a customer may read of a count: null is not tracked (always available). */
export function stockStatus(stock: number | null): StockStatus {
  if (stock === null) return "untracked";
  if (stock === 0) return "out";
  return stock <= LOW_STOCK_MAX ? "low" : "in_stock";
}

/**
 * How an order reaches the customer (decision 025): a delivery zone of Yaoundé
 * (chosen by neighbourhood), 'Retrait en boutique', or 'Expédition hors Yaoundé' whose fee the
 * shop confirms.
 */
export const DELIVERY_KINDS = ["zone", "pickup", "shipping"] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
/** The most neighbourhoods one delivery zone names. */
export const MAX_ZONE_NEIGHBOURHOODS = 80;

/** The characters of a search that are read (the storefront's, and the back-office's lists). */
export const SEARCH_MAX_LENGTH = 100;

/**
 * An order's idempotency key (decision 014): 16 to 100 letters, digits, "-" or "_", so a
 * UUID fits, in the `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER) or an `idempotencyKey` field.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** How an order reached the shop: the cart's WhatsApp button, a phone call, or the order form. */
export const ORDER_CHANNELS = ["whatsapp", "phone", "form"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
/** An order's life: nouvelle → confirmée → payée → livrée, or annulée. */
/** The shop's clock (UTC+1, no DST): dates on every page, and the dashboard's days and months. */
export const SHOP_TIME_ZONE = "Africa/Douala";
export const ORDER_STATUSES = ["nouvelle", "confirmée", "payée", "livrée", "annulée"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Orders the shop has finished with: delivered or cancelled (decision 041: what an erasure may anonymise). */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = ["livrée", "annulée"];
/** The name an order keeps once its customer's data is erased (decision 041). */
export const ERASED_NAME = "Client supprimé";
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  nouvelle: "Nouvelle",
  confirmée: "Confirmée",
  payée: "Payée",
  livrée: "Livrée",
  annulée: "Annulée",
};
/** Mobile Money operators customers pay with (decision 026). */
export const PAYMENT_OPERATORS = ["mtn", "orange"] as const;
export type PaymentOperator = (typeof PAYMENT_OPERATORS)[number];
export const PAYMENT_OPERATOR_LABELS: Record<PaymentOperator, string> = { mtn: "MTN MoMo", orange: "Orange Money" };
/** How an attempt was made: charged through the provider, or a transfer declared by the customer. */
export const PAYMENT_METHODS = ["mobile_money", "transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * An attempt's life: pending (the charge waits for the customer's phone) → paid or failed; a
 * declared transfer, or an online payment that does not match its order, is to_verify until an
 * admin approves it (paid) or rejects it (rejected).
 */
export const PAYMENT_STATES = ["pending", "paid", "failed", "to_verify", "rejected"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/** What the customer chose last, recorded on the order: the orders list filters by it. */
export const PAYMENT_CHOICES = ["mobile_money", "transfer", "cash"] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];
/** The back-office's payment filter: paid by Mobile Money, cash on delivery, not paid yet. */
export const PAYMENT_FILTERS = ["online", "cash", "unpaid"] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/**
 * Letters and digits that survive being read aloud on the phone: no 0/O, 1/I/L, and no U/V.
 * A reference is "CMD-" and 4 of them (29⁴ ≈ 707 000 references); the server adds a fifth
 * when four keep colliding.
 */
export const ORDER_REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
export const ORDER_REFERENCE_PATTERN = /^CMD-[23456789ABCDEFGHJKMNPQRSTWXYZ]{4,6}$/;
/** The order form's file (a photo of the product wanted, a receipt, an ID…): images or PDF. */
export const ORDER_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const ORDER_FILE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "application/pdf"] as const;

/**
 * Where the API server registers its in-process transport (Symbol.for key on globalThis), so
 * that server-rendered pages call the API without a network hop. See decision 009.
 */
export const IN_PROCESS_API_KEY = "shop.api.in-process";

/**
 * Where the server registers the function that answers the nonce of the page being rendered
 * (Symbol.for key on globalThis): the page's Content-Security-Policy names it, and React
 * Router puts it on the page's scripts (`entry.server.tsx`). See decision 023.
 */
export const CSP_NONCE_KEY = "shop.csp-nonce";
export type CspNonceSource = () => string | undefined;

/** A call through that transport: the API path, and the visitor's cookies when there are any. */
export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export interface InProcessApiRequest {
  method: ApiMethod;
  path: string;
  body?: unknown;
  cookie?: string;
}
/** The answer: status, JSON body, and the cookies the API set (sign-in, sign-out) for the page to pass on. */
export type InProcessApiTransport = (
  request: InProcessApiRequest,
) => Promise<{ status: number; body: unknown; setCookie?: string[] }>;
