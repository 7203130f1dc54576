/**
 * Every table with a column that can name a person, and what 'Mes données' and an erasure do
 * with it (decision 041, docs/privacy.md). `personal-tables.test.ts` reads the database's own
 * catalogue: a new table or column of that kind fails it until it is written here, so that
 * neither the export nor the erasure forgets it.
 */
export type PersonalTable = {
  /** How the person finds it in 'Mes données' and the archive, or why it is not there. */
  export: string;
  /** What an erasure does to it. */
  erasure: string;
};

/** Column names that can hold or point at a person (any table). */
export const PERSON_COLUMNS = [
  "user_id",
  "by_user_id",
  "changed_by",
  "reviewed_by",
  "created_by",
  "actor_id",
  "session_id",
  "name",
  "by_name",
  "changed_by_name",
  "reviewed_by_name",
  "email",
  "phone",
  "address",
  "delivery_landmark",
  "delivery_neighbourhood",
  "profile_pic",
  "file_path",
  "screenshot_path",
  "endpoint",
] as const;

export const PERSONAL_TABLES: Record<string, PersonalTable> = {
  users: { export: "account", erasure: "the row is deleted, and the profile photo's file" },
  sessions: { export: "devices (with their address)", erasure: "deleted with the account" },
  password_resets: { export: "passwordResets", erasure: "deleted with the account" },
  cart_lines: { export: "cart", erasure: "deleted with the account" },
  reviews: { export: "reviews", erasure: "deleted with the account" },
  second_factors: { export: "secondFactors (never their secrets)", erasure: "deleted with the account" },
  recovery_codes: {
    export: "not listed: only hashes of codes the person was shown once",
    erasure: "deleted with the account",
  },
  webauthn_challenges: { export: "not listed: a challenge lives five minutes", erasure: "deleted with the account" },
  push_subscriptions: {
    export: "notificationDevices (the service, not the address)",
    erasure: "deleted with the account",
  },
  orders: {
    export: "orders, with their lines, delivery, files and payments",
    erasure: "kept for the accounts, anonymised: name, phone, address, message, landmark, neighbourhood, file",
  },
  order_status_changes: {
    export: "orders[].history",
    erasure: "kept with their order; a member of staff's name is replaced",
  },
  payments: {
    export: "orders[].payments, with the screenshot in the archive",
    erasure: "kept for the accounts without phone or screenshot; a reviewer's name is replaced",
  },
  stock_movements: {
    export: "not listed: the stock an order took, already in orders[].lines",
    erasure: "kept for the stock's history; the person's name is replaced",
  },
  contact_messages: { export: "messages (sent with the account's e-mail)", erasure: "deleted" },
  stock_alerts: {
    export: "stockAlerts (numbers of the person's orders)",
    erasure: "deleted, unless another customer's order has the number",
  },
  products: {
    export: "not listed: the member of staff who created the product",
    erasure: "kept; the link to the account goes with it",
  },
  promotion_uses: {
    export: "not listed: the code an order used stays on the order",
    erasure:
      "kept with its anonymised order (the limit still counts it), without the phone; the link to the account goes with it",
  },
  promotions: {
    export: "not personal: `name` is the promotion's ('Black Friday'); `created_by` the member of staff",
    erasure: "kept; the link to the account goes with it",
  },
  delivery_options: { export: "not personal: `name` is the option's ('Livraison Yaoundé')", erasure: "untouched" },
  catalogue_imports: {
    export: "not listed: a member of staff's catalogue files (session and address kept for the audit lines)",
    erasure: "deleted with the account",
  },
  categories: { export: "not personal: `name` is the category's ('iPhone 15')", erasure: "untouched" },
  promotion_objections: {
    export: "promotions (whether and since when the person said stop)",
    erasure: "kept: a keyed hash of the contact, no number or e-mail, so the stop outlives the account (decision 043)",
  },
  privacy_requests: {
    export: "not listed: requests of customers without an account, answered with their own archive",
    erasure: "the number is removed from the request once erased (account or request)",
  },
  audit_log: {
    export: "not listed: the staff's actions, a security record (decision 038) naming people by id only",
    erasure: "kept (append-only); it holds ids and the staff's addresses, never a customer's name",
  },
};
