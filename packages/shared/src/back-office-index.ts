/**
 * What only the back-office (and the customer's own order list) uses in the browser, imported
 * as "@shop/shared/back-office" rather than through "@shop/shared/core": the build gives every
 * storefront page the shared modules that two storefront routes reach, and every route reaches
 * all of core (apps/web/shared-chunk.ts), so these words would travel to every customer's page.
 */
export * from "./audit.ts";
export * from "./back-office.ts";
