import type { Notice } from "../components/ui/flash-notice";

/**
 * A message for the next page, carried by a short-lived cookie: what a form posted without
 * JavaScript says after its redirect, in the words the toast says with JavaScript (decision
 * 027, "The first tap"). The root loader reads it once and clears it; a request carrying it is
 * never answered from, nor kept in, a cache (plugins/page-cache.ts on the server).
 */
export const FLASH_COOKIE = "flash";

const FLASH = /(?:^|;\s*)flash=([^;]*)/;
const TONES = new Set(["success", "error", "info"]);

/** The Set-Cookie header that carries `notice` to the next page (a minute at most). */
export function flashCookie(notice: Notice): string {
  const value = encodeURIComponent(JSON.stringify({ tone: notice.tone, text: notice.text.slice(0, 300) }));
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

/** The Set-Cookie header that forgets it once shown. */
export const CLEAR_FLASH = `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The notice this request carries, if any (anything malformed is no notice). */
export function readFlash(request: Request): Notice | null {
  const raw = request.headers.get("cookie")?.match(FLASH)?.[1];
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<Notice>;
    if (typeof value.text !== "string" || !value.text || !TONES.has(value.tone as string)) return null;
    return { tone: value.tone as Notice["tone"], text: value.text.slice(0, 300) };
  } catch {
    return null;
  }
}

/** Headers for a redirect that says `notice` on the page it leads to, with any others given. */
export function withFlash(notice: Notice, headers: HeadersInit = {}): Headers {
  const all = new Headers(headers);
  all.append("Set-Cookie", flashCookie(notice));
  return all;
}
