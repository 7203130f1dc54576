/**
 * The storefront's public pages: the same for every visitor who is not signed in. The server's
 * page cache keeps them as ready bytes (decision 028) and the phone's service worker keeps
 * those a visitor has seen (decision 034). The cart, an order's status, payment, sign-in,
 * account and the back-office are rendered for each visitor and kept by neither.
 */
export const SHARED_PAGE_PATHS =
  /^\/(?:|product|product\/[^/]+|product-category|search|about|contact|blog|privacy|terms|cookies)$/;

/**
 * Kept on the phone as well, never by the server: the order form (so that an order can be
 * started without a network, when the visitor is not signed in) and the page that shows what
 * the shop keeps on the phone.
 */
export const PHONE_PAGE_PATHS = /^\/(?:order|offline)$/;

/** Parameters that only say where a visitor came from: no page reads them. */
const TRACKING = /^(?:utm_\w+|fbclid|gclid|gbraid|wbraid|igshid|msclkid)$/i;

/** A longer address is somebody's experiment, not a crowd: rendered, never kept. */
const MAX_KEY = 512;

/**
 * The key of a page address (path and query) among pages kept, or null when `paths` does not
 * name it: the path, and the query with its parameters sorted and tracking ones left out, so
 * that `?category=SAMSUNG&utm_source=whatsapp` and `?category=SAMSUNG` are one page.
 */
export function pageKey(url: string, paths: RegExp = SHARED_PAGE_PATHS): string | null {
  const question = url.indexOf("?");
  const path = question === -1 ? url : url.slice(0, question);
  if (!paths.test(path)) return null;
  if (question === -1) return path;
  const params = [...new URLSearchParams(url.slice(question + 1))].filter(([name]) => !TRACKING.test(name));
  params.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const key = params.length ? `${path}?${new URLSearchParams(params)}` : path;
  return key.length > MAX_KEY ? null : key;
}
