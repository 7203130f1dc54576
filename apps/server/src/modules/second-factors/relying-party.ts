import { isIP } from "node:net";

/** Who passkeys are made for (decision 040): the shop's public address, never a Host header. */
export interface RelyingParty {
  /** The domain passkeys are bound to. */
  id: string;
  /** The origin browsers sign from. */
  origin: string;
  name: string;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * The relying party from PUBLIC_URL, so that passkeys hold behind the proxies of deploy/.
 * Browsers refuse an IP address as a relying party: a loopback PUBLIC_URL (a developer's
 * machine, the browser journeys) is served as `localhost` on the same port. Without
 * PUBLIC_URL, `http://localhost:<PORT>` (development and tests). A shop reached at another IP
 * address has no passkeys (null): the authenticator app's codes still work.
 */
export function relyingParty(publicUrl: string | undefined, port: number, name: string): RelyingParty | null {
  const url = new URL(publicUrl ?? `http://localhost:${port}`);
  if (LOOPBACK.has(url.hostname)) url.hostname = "localhost";
  else if (isIP(url.hostname.replace(/^\[|\]$/g, ""))) return null;
  return { id: url.hostname, origin: url.origin, name };
}
