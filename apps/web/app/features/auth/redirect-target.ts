/**
 * Where to go after signing in: the `redirectTo` query parameter when it is a path of this shop
 * ("/product/42?x=1"), otherwise home. Anything that could leave the site is refused: "//host"
 * and "/\host" (browsers read both as another host), a scheme ("https:", "javascript:"), control
 * characters; so are the sign-in and sign-up pages themselves, which would only loop.
 */
export function redirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  const path = value.split(/[?#]/, 1)[0];
  if (path === "/login" || path === "/sign-up") return fallback;
  return value;
}

/** The page's own address with the target kept, so a detour through sign-up still ends there. */
export function withRedirect(path: string, target: string): string {
  return target === "/" ? path : `${path}?redirectTo=${encodeURIComponent(target)}`;
}
