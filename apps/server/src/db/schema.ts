import {
  CATEGORIES,
  DELIVERY_KINDS,
  ORDER_CHANNELS,
  ORDER_STATUSES,
  PAYMENT_CHOICES,
  PAYMENT_METHODS,
  PAYMENT_OPERATORS,
  PAYMENT_STATES,
  type ProductOption,
  ROLES,
  STOCK_REASONS,
} from "@shop/shared";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", "));

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Trimmed and lower-cased before it is stored. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("GENERAL"),
    profilePic: text("profile_pic"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_role_idx").on(t.role),
    check("users_role_check", sql`${t.role} in (${inList(ROLES)})`),
  ],
);

/**
 * One row per signed-in browser or client: the token names its row (`jti`). Log-out deletes
 * it; a change of the user's role or password deletes all of the user's rows (the trigger of
 * migration 0008), so such tokens are refused on every app server at once (decision 021).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productName: text("product_name").notNull(),
    brandName: text("brand_name").notNull(),
    category: text("category", { enum: CATEGORIES }).notNull(),
    /** Ordered: the first image is the main one. */
    productImage: text("product_image").array().notNull().default(sql`'{}'::text[]`),
    description: text("description").notNull().default(""),
    /** Whole francs: the old, higher price. */
    price: integer("price").notNull(),
    /** Whole francs: what the customer pays. */
    sellingPrice: integer("selling_price").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The choices a customer makes, in order ('Stockage', 'Couleur'), each with its values; [] for none (decision 024). */
    options: jsonb("options").$type<ProductOption[]>().notNull().default(sql`'[]'::jsonb`),
    /** The values its variants are sold in ("256 Go 512 Go Noir Bleu"), kept by the variants' service: searched (decision 024). */
    variantTerms: text("variant_terms").notNull().default(""),
    /** French full-text document, accents folded (see migration 0000 for shop_unaccent). */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('french', shop_unaccent(coalesce(product_name, '') || ' ' || coalesce(brand_name, '') || ' ' || coalesce(category, ''))), 'A') || setweight(to_tsvector('french', shop_unaccent(coalesce(variant_terms, ''))), 'B') || setweight(to_tsvector('french', shop_unaccent(coalesce(description, ''))), 'C')`,
    ),
    /** Folded name, brand, category and variant values: the source of search_lexicon, and of phrase ranking. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(shop_unaccent(product_name || ' ' || brand_name || ' ' || category || ' ' || variant_terms))`,
    ),
    ...timestamps,
  },
  (t) => [
    // The same order as every list's ORDER BY (newest first, id to break ties), so a page is
    // read straight from the index instead of sorting the table.
    index("products_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_category_created_idx").on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_search_vector_idx").using("gin", t.searchVector),
    check("products_price_check", sql`${t.price} > 0`),
    check("products_selling_price_check", sql`${t.sellingPrice} > 0 and ${t.sellingPrice} <= ${t.price}`),
    check("products_category_check", sql`${t.category} in (${inList(CATEGORIES)})`),
  ],
);

/**
 * Every word (3 letters or more) of the products' folded names, brands and categories, kept by
 * the trigger of migration 0003. Search corrects a typo against these few hundred words, by
 * trigram similarity, before it asks the full-text index (docs/decisions/005-search.md).
 */
export const searchLexicon = pgTable("search_lexicon", { word: text("word").primaryKey() }, (t) => [
  index("search_lexicon_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cart_lines_user_variant_key").on(t.userId, t.variantId),
    index("cart_lines_product_idx").on(t.productId),
    index("cart_lines_variant_idx").on(t.variantId),
    check("cart_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

/**
 * One combination of the product's option values that is sold, with its own prices, stock and
 * photos. Every product has at least one: a product without options has one with no values
 * (decision 024). `stock` null is "non suivi": not tracked, always available.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    /** One value per option of the product, in the options' order. */
    optionValues: text("option_values").array().notNull().default(sql`'{}'::text[]`),
    price: integer("price").notNull(),
    sellingPrice: integer("selling_price").notNull(),
    stock: integer("stock"),
    /** Its own photos, first the main one; empty: the product's. */
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("product_variants_product_values_key").on(t.productId, t.optionValues),
    index("product_variants_product_idx").on(t.productId, t.position),
    check("product_variants_price_check", sql`${t.price} > 0`),
    check("product_variants_selling_price_check", sql`${t.sellingPrice} > 0 and ${t.sellingPrice} <= ${t.price}`),
    // Whatever the code does, a count never goes below zero.
    check("product_variants_stock_check", sql`${t.stock} >= 0`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;

/** A customer's stars (1-5) and optional comment on a product: one per customer and product. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("reviews_product_user_key").on(t.productId, t.userId),
    index("reviews_user_idx").on(t.userId),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/** What visitors send through the contact page, kept until an admin has read and answered it. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

/**
 * An order the shop recorded before the customer was sent anywhere (WhatsApp, a call) or
 * from the order form. `reference` ("CMD-7K4Q") is what the customer and the shop quote.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull(),
    channel: text("channel", { enum: ORDER_CHANNELS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("nouvelle"),
    /** The signed-in customer who placed it, when there was one. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** "+237XXXXXXXXX"; null for a cart order sent by WhatsApp or phone (the shop sees the number there). */
    phone: text("phone"),
    address: text("address").notNull().default(""),
    message: text("message").notNull().default(""),
    /** Path of the private file under DATA_DIR/order-files, never served publicly. */
    filePath: text("file_path"),
    fileName: text("file_name"),
    fileType: text("file_type"),
    totalQuantity: integer("total_quantity").notNull().default(0),
    /** The lines' total, before delivery. */
    totalPrice: integer("total_price").notNull().default(0),
    // The delivery chosen, copied as it was (decision 025); all null for an order without one.
    deliveryKind: text("delivery_kind", { enum: DELIVERY_KINDS }),
    deliveryName: text("delivery_name"),
    /** FCFA charged; null with a kind: to be confirmed by the shop. */
    deliveryFee: integer("delivery_fee"),
    /** The zone's fee was waived by the free-delivery amount. */
    deliveryFree: boolean("delivery_free").notNull().default(false),
    deliveryDelay: text("delivery_delay"),
    deliveryNeighbourhood: text("delivery_neighbourhood"),
    deliveryCity: text("delivery_city"),
    deliveryLandmark: text("delivery_landmark"),
    /** What the customer pays: total_price and the known fee, kept by the database itself. */
    total: integer("total").notNull().generatedAlwaysAs(sql`total_price + coalesce(delivery_fee, 0)`),
    /** How the customer chose to pay last (decision 026), or null. */
    paymentChoice: text("payment_choice", { enum: PAYMENT_CHOICES }),
    /**
     * The client's Idempotency-Key of the request that created it (decision 014): a retry with
     * the same key answers this order. Null for orders sent without one.
     */
    idempotencyKey: text("idempotency_key"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_reference_key").on(t.reference),
    uniqueIndex("orders_idempotency_key_key").on(t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index("orders_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    check("orders_channel_check", sql`${t.channel} in (${inList(ORDER_CHANNELS)})`),
    check("orders_status_check", sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check("orders_delivery_kind_check", sql`${t.deliveryKind} in (${inList(DELIVERY_KINDS)})`),
  ],
);

/** A cart line copied into the order when it was made: name and price as they were then. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Kept as it was; null once the product is deleted (the line's name and price remain). */
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    /** Kept as it was; null once the variant is deleted. */
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** The variant's values as they were ("256 Go, Noir"); empty for a product without options. */
    variantLabel: text("variant_label").notNull().default(""),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId, t.position),
    index("order_lines_product_idx").on(t.productId),
    index("order_lines_variant_idx").on(t.variantId),
    check("order_lines_quantity_check", sql`${t.quantity} >= 1`),
    check("order_lines_unit_price_check", sql`${t.unitPrice} >= 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * Every status change of an order, by whom and when (decision 018). The admin's name is kept
 * as it was, so the history still reads right once the account is renamed or deleted.
 */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: ORDER_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: ORDER_STATUSES }).notNull(),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedByName: text("changed_by_name").notNull(),
    /** What came with it: "MTN MoMo — transaction trx.…" for a payment (decision 026). */
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("order_status_changes_order_idx").on(t.orderId, t.createdAt),
    check("order_status_changes_from_check", sql`${t.fromStatus} in (${inList(ORDER_STATUSES)})`),
    check("order_status_changes_to_check", sql`${t.toStatus} in (${inList(ORDER_STATUSES)})`),
  ],
);

export type OrderStatusChangeRow = typeof orderStatusChanges.$inferSelect;

/**
 * Every change of a tracked stock count: an order taking it, a cancellation giving it back,
 * an admin's adjustment with its reason; who (name kept as it was) and when (decision 024).
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason", { enum: STOCK_REASONS }).notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderReference: text("order_reference"),
    note: text("note").notNull().default(""),
    byUserId: uuid("by_user_id").references(() => users.id, { onDelete: "set null" }),
    byName: text("by_name").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_variant_idx").on(t.variantId, t.createdAt.desc().nullsFirst()),
    index("stock_movements_order_idx").on(t.orderId),
    check("stock_movements_reason_check", sql`${t.reason} in (${inList(STOCK_REASONS)})`),
    check("stock_movements_stock_after_check", sql`${t.stockAfter} >= 0`),
  ],
);

/** 'Prévenez-moi': a visitor's number waiting for a variant to be back in stock. */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    /** "+237XXXXXXXXX". */
    phone: text("phone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("stock_alerts_open_key").on(t.variantId, t.phone).where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_variant_idx").on(t.variantId, t.createdAt),
  ],
);

export type StockMovementRow = typeof stockMovements.$inferSelect;
export type StockAlertRow = typeof stockAlerts.$inferSelect;

/**
 * The delivery options the back-office manages (decision 025): zones of Yaoundé by
 * neighbourhood, 'Retrait en boutique', 'Expédition hors Yaoundé'. An order copies what it
 * chose, so an option can change or go without touching past orders.
 */
export const deliveryOptions = pgTable(
  "delivery_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: DELIVERY_KINDS }).notNull(),
    name: text("name").notNull(),
    /** FCFA; null only for shipping: "à confirmer". */
    fee: integer("fee"),
    delay: text("delay").notNull().default(""),
    details: text("details").notNull().default(""),
    neighbourhoods: text("neighbourhoods").array().notNull().default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("delivery_options_position_idx").on(t.position, t.createdAt),
    check("delivery_options_kind_check", sql`${t.kind} in (${inList(DELIVERY_KINDS)})`),
    check("delivery_options_fee_check", sql`${t.fee} >= 0 or (${t.fee} is null and ${t.kind} = 'shipping')`),
  ],
);

/** The shop's delivery settings: one row. */
export const deliverySettings = pgTable(
  "delivery_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Free delivery in a zone from this subtotal; null: never. */
    freeFrom: integer("free_from"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [check("delivery_settings_one_row", sql`${t.id} = 1`)],
);

export type DeliveryOptionRow = typeof deliveryOptions.$inferSelect;

/**
 * Every attempt to pay an order (decision 026): a Mobile Money charge through the provider, or
 * a transfer the customer declares. The amount is the order's total when the attempt started.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    operator: text("operator", { enum: PAYMENT_OPERATORS }),
    /** "+237XXXXXXXXX" charged or declared from. */
    phone: text("phone"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("XAF"),
    state: text("state", { enum: PAYMENT_STATES }).notNull(),
    /** Why it did not pay, in French, shown to the customer (or the admin's rejection). */
    reason: text("reason"),
    /** Why an online payment waits for an admin: amount, currency, already paid, cancelled. */
    flag: text("flag"),
    provider: text("provider"),
    /** Ours, sent to the provider as its `reference`: "<order reference>-<n>". */
    merchantReference: text("merchant_reference"),
    /** The provider's own reference ("trx.…"), once initialised. */
    providerReference: text("provider_reference"),
    /** The provider's last status read ("complete", "failed"…). */
    providerStatus: text("provider_status"),
    /** A declared transfer's ID, upper-cased without spaces. */
    transactionId: text("transaction_id"),
    screenshotPath: text("screenshot_path"),
    screenshotType: text("screenshot_type"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedByName: text("reviewed_by_name"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date" }),
    /** Last time the provider was asked (the waiting screen's reads are spaced by it). */
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "date" }),
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    index("payments_order_idx").on(t.orderId, t.createdAt),
    // One attempt in progress per order: a second tap or a second server gets that one.
    uniqueIndex("payments_pending_key").on(t.orderId).where(sql`${t.state} = 'pending'`),
    uniqueIndex("payments_merchant_reference_key").on(t.merchantReference),
    uniqueIndex("payments_provider_reference_key").on(t.provider, t.providerReference),
    // One transaction ID for one order, unless an admin rejected it.
    uniqueIndex("payments_transaction_key").on(t.transactionId).where(sql`${t.state} <> 'rejected'`),
    index("payments_state_idx").on(t.state, t.createdAt),
    check("payments_amount_check", sql`${t.amount} >= 0`),
    check("payments_method_check", sql`${t.method} in (${inList(PAYMENT_METHODS)})`),
    check("payments_state_check", sql`${t.state} in (${inList(PAYMENT_STATES)})`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Values every app server must share and no one configured: the token secret, generated by
 * the first server to start (decision 031), so that a session made by one is valid on all.
 */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * One-time links to choose a new password (decision 032): only the SHA-256 of the token is
 * kept, so a copy of the database opens no account. Used once, within PASSWORD_RESET_TTL_SECONDS
 * (30 minutes by default).
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** "email" (asked on /forgot-password) or "whatsapp" (made by an admin). */
    channel: text("channel", { enum: ["email", "whatsapp"] }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("password_resets_token_key").on(t.tokenHash),
    index("password_resets_user_idx").on(t.userId, t.createdAt),
    check("password_resets_channel_check", sql`${t.channel} in ('email', 'whatsapp')`),
  ],
);

/**
 * The admins' devices that want to be told of new orders, payments and messages (decision
 * 033): one row per browser's push subscription, removed when the push service says it is gone
 * or the admin loses the role.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);
