import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { IMAGE_MAX_BYTES } from "@shop/shared";
import ipaddr from "ipaddr.js";
import { assertImage, storeProductImage } from "./images.ts";
import type { FileStorage } from "./storage.ts";

/*
 * Pictures named by URL in an imported catalogue (decision 047), fetched by the server. A fetch
 * the server makes for a user is an open door to the server's own network unless bounded
 * (OWASP's SSRF prevention): http(s) only; every address a name resolves to must be a public
 * unicast one, checked when the socket connects (so a name that resolves twice, "DNS
 * rebinding", cannot swap in a private address after the check) and again for every redirect;
 * a few redirects at most; a time limit over the whole fetch; a size limit counted while
 * reading, whatever the server declares; the bytes decoded as an image before anything is kept.
 */

/** Why a picture was not taken, in the owner's words: the import's report shows it. */
export class RemoteImageError extends Error {}

const REASONS = {
  scheme: "seules les adresses http:// ou https:// sont acceptées",
  address: "adresse interne ou privée refusée",
  unreachable: "serveur injoignable",
  status: (code: number) => `le serveur a répondu ${code}`,
  redirects: "trop de redirections",
  tooLarge: (mb: number) => `image trop lourde (plus de ${mb} Mo)`,
  timeout: "délai dépassé",
  notImage: "ce n'est pas une image JPEG, PNG, WebP ou AVIF lisible",
} as const;

export interface RemoteImageOptions {
  /** Milliseconds for the whole fetch, redirects included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Which resolved addresses may be reached: public unicast ones by default (tests widen it). */
  allowAddress?: (address: string) => boolean;
}

/** A public unicast address: not private, loopback, link-local, multicast, reserved, CGNAT… */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // "::ffff:127.0.0.1" is 127.0.0.1.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

/** Resolves like the system, then refuses the connection when any address is not allowed. */
function guardedLookup(allow: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.find((a) => !allow(a.address));
      if (refused || addresses.length === 0) {
        return callback(Object.assign(new Error(REASONS.address), { code: "EADDRREFUSED" }), "", 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** The bytes at `url`, within the bounds above; a RemoteImageError says why not. */
export async function fetchRemoteImage(url: string, options: RemoteImageOptions = {}): Promise<Buffer> {
  const allow = options.allowAddress ?? isPublicAddress;
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  let current = url;
  for (let redirect = 0; ; redirect++) {
    const target = parseTarget(current, allow);
    const answer = await get(target, allow, maxBytes, signal);
    if (answer.kind === "bytes") return answer.bytes;
    if (redirect >= (options.maxRedirects ?? 3)) throw new RemoteImageError(REASONS.redirects);
    current = new URL(answer.location, target).toString();
  }
}

/** Fetched, decoded and stored as the uploads are (WebP at every width): its stored path. */
export async function storeRemoteImage(
  files: FileStorage,
  url: string,
  options: RemoteImageOptions = {},
): Promise<string> {
  const bytes = await fetchRemoteImage(url, options);
  try {
    await assertImage(bytes, options.maxBytes ?? IMAGE_MAX_BYTES);
  } catch {
    throw new RemoteImageError(REASONS.notImage);
  }
  return (await storeProductImage(files, bytes, options.maxBytes ?? IMAGE_MAX_BYTES)).url;
}

function parseTarget(url: string, allow: (address: string) => boolean): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new RemoteImageError(REASONS.scheme);
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") throw new RemoteImageError(REASONS.scheme);
  // A literal address is connected to without any lookup: checked here.
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host) && !allow(host)) throw new RemoteImageError(REASONS.address);
  return target;
}

type Answer = { kind: "bytes"; bytes: Buffer } | { kind: "redirect"; location: string };

function get(target: URL, allow: (address: string) => boolean, maxBytes: number, signal: AbortSignal): Promise<Answer> {
  const client = target.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const fail = (error: unknown) => {
      if (error instanceof RemoteImageError) return reject(error);
      if (signal.aborted) return reject(new RemoteImageError(REASONS.timeout));
      const code = (error as { code?: string }).code;
      reject(new RemoteImageError(code === "EADDRREFUSED" ? REASONS.address : REASONS.unreachable));
    };
    const request = client.get(
      target,
      { lookup: guardedLookup(allow), signal, headers: { accept: "image/*", "user-agent": "boutique-catalogue/1" } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ kind: "redirect", location: response.headers.location });
        }
        if (status !== 200) {
          response.resume();
          return fail(new RemoteImageError(REASONS.status(status)));
        }
        const tooLarge = new RemoteImageError(REASONS.tooLarge(Math.round(maxBytes / 1024 / 1024)));
        if (Number(response.headers["content-length"] ?? 0) > maxBytes) {
          response.destroy();
          return fail(tooLarge);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            request.destroy();
            return fail(tooLarge);
          }
          chunks.push(chunk);
        });
        response.on("end", () => {
          if (size <= maxBytes) resolve({ kind: "bytes", bytes: Buffer.concat(chunks) });
        });
        response.on("error", fail);
      },
    );
    request.on("error", fail);
  });
}
