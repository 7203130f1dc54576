/**
 * What the browser needs without zod: categories, constants, messages, money, image and
 * WhatsApp helpers. Contract types come from "@shop/shared" as type-only imports; the
 * back-office's own words from "@shop/shared/back-office".
 */
export * from "./categories.ts";
export * from "./constants.ts";
export * from "./delivery.ts";
export * from "./images.ts";
export * from "./messages.ts";
export * from "./money.ts";
export * from "./pages.ts";
export * from "./promotions.ts";
export * from "./second-factors.ts";
export * from "./variants.ts";
export * from "./whatsapp.ts";
