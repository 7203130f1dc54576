// Every table, re-exported from the file of the module that owns it (the one whose service
// writes it): drizzle-kit reads the schema from here (drizzle.config.ts), and so do
// db/client.ts, the seed, the backup, the tests outside modules/ and the benches. A module
// imports the tables it uses from their owner's file (schema/<module>.ts), never from here,
// so that which module reads another's tables shows in its imports.
export * from "./schema/app-settings.ts";
export * from "./schema/audit.ts";
export * from "./schema/auth.ts";
export * from "./schema/cart.ts";
export * from "./schema/catalogue-csv.ts";
export * from "./schema/categories.ts";
export * from "./schema/contact.ts";
export * from "./schema/delivery.ts";
export * from "./schema/jobs.ts";
export * from "./schema/orders.ts";
export * from "./schema/payments.ts";
export * from "./schema/privacy.ts";
export * from "./schema/products.ts";
export * from "./schema/promotions.ts";
export * from "./schema/push.ts";
export * from "./schema/reviews.ts";
export * from "./schema/second-factors.ts";
export * from "./schema/stock.ts";
export * from "./schema/users.ts";
