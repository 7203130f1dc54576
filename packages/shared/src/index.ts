import { z } from "zod";

// Every validation message a user can read is French, on the server and in the browser alike.
z.config(z.locales.fr());

export * from "./audit.ts";
export * from "./back-office.ts";
export * from "./categories.ts";
export * from "./constants.ts";
export * from "./delivery.ts";
export * from "./images.ts";
export * from "./messages.ts";
export * from "./money.ts";
export * from "./pages.ts";
export * from "./promotions.ts";
export * from "./schemas/admin.ts";
export * from "./schemas/audit.ts";
export * from "./schemas/cart.ts";
export * from "./schemas/catalogue-csv.ts";
export * from "./schemas/categories.ts";
export * from "./schemas/common.ts";
export * from "./schemas/contact.ts";
export * from "./schemas/delivery.ts";
export * from "./schemas/devices.ts";
export * from "./schemas/images.ts";
export * from "./schemas/orders.ts";
export * from "./schemas/payments.ts";
export * from "./schemas/privacy.ts";
export * from "./schemas/products.ts";
export * from "./schemas/promotions.ts";
export * from "./schemas/reviews.ts";
export * from "./schemas/second-factors.ts";
export * from "./schemas/shop.ts";
export * from "./schemas/stock.ts";
export * from "./schemas/users.ts";
export * from "./second-factors.ts";
export * from "./variants.ts";
export * from "./whatsapp.ts";
