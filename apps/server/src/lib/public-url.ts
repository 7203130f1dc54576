import type { FastifyRequest } from "fastify";

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: what a Host header should be. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The scheme and host a client used to reach this server, as Fastify reads them: forwarded
 * headers count only with TRUST_PROXY. Null when the Host header is not a host (absent, or
 * crafted), so that nothing of it is ever written into an answer.
 */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host || host.length > 260 || !HOST.test(host)) return null;
  const scheme = request.protocol === "https" ? "https" : "http";
  return `${scheme}://${host.toLowerCase()}`;
}

/** A stored path (`/uploads/…`) as an absolute URL under `origin`; outside URLs, or no origin, unchanged. */
export function absolute(url: string, origin: string): string {
  return origin && url.startsWith("/") ? `${origin}${url}` : url;
}

const OWN_IMAGE_PATH = /^\/uploads\/images\/[\w-]+\/\d+\.webp$/;

/**
 * An image URL as it is stored: one of this shop's own uploads, sent back as the absolute URL
 * an answer gave (clients echo products back when they edit them), is stored as its path again,
 * so that no host is ever written into the database. Any other URL is kept as it is.
 */
export function storedImageUrl(url: string, ownOrigins: readonly string[]): string {
  for (const origin of ownOrigins) {
    const path = url.startsWith(origin) ? url.slice(origin.length) : "";
    if (OWN_IMAGE_PATH.test(path)) return path;
  }
  return url;
}
