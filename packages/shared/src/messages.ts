/**
 * The French texts the API sends (MSG) and those its schemas give a field (FIELD_MSG), as
 * namespaces of one export per text: the server reads them whole, while the browser's build,
 * which cannot drop the unused keys of one object, keeps only the texts a page names
 * (docs/performance.md, "JavaScript per page").
 */
export * as MSG from "./messages/api.ts";
export { durationInWords } from "./messages/duration.ts";
export * as FIELD_MSG from "./messages/fields.ts";
export { SERVER_ERROR_MESSAGE } from "./server-error-message.ts";

/**
 * An order asking for more than is left (decision 024): the product as the line names it
 * ("iPhone 15 — 256 Go, Noir") and what remains.
 */
export const notEnoughStock = (name: string, left: number) =>
  left === 0 ? `« ${name} » est épuisé.` : `Il ne reste que ${left} « ${name} » en stock.`;

/** An adjustment that would take a count below zero: what remains. */
export const stockBelowZero = (left: number) => `Le stock ne peut pas descendre sous zéro : il en reste ${left}.`;
