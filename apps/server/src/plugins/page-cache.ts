import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { pageKey } from "@shop/shared/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The session's cookie (plugins/auth.ts): whoever carries one, valid or not, gets their own page. */
const SESSION_COOKIE = /(?:^|;)\s*token=/;

// The cache's key for a page address: `pageKey` of @shop/shared, the same as the phone's.
export { pageKey };

/** Whether this request carries a session, valid or not (a cookie or an Authorization header). */
export function carriesSession(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  const cookie = request.headers.cookie;
  return cookie !== undefined && SESSION_COOKIE.test(cookie);
}

/**
 * A message a form posted without JavaScript left for the next page (apps/web/app/lib/
 * flash.server.ts): the page that says it is this visitor's alone.
 */
const FLASH_COOKIE = /(?:^|;)\s*flash=/;

/** Whether this request carries a session or a message for its visitor: a page of their own. */
export function personalPage(request: FastifyRequest): boolean {
  return carriesSession(request) || FLASH_COOKIE.test(request.headers.cookie ?? "");
}

/** Whether this request may be answered from, or fill, the cache. */
function anonymousRead(request: FastifyRequest): boolean {
  return request.method === "GET" && !personalPage(request);
}

/** An inline script: no `src`, its text as the browser hashes it. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Makes a page rendered for one visitor fit for all: its nonce attributes go, and each inline
 * script is named by its SHA-256 in the policy that travels with the bytes (decision 023).
 */
export function sealPage(html: string, nonce: string): { html: string; scriptHashes: string } {
  const sealed = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = new Set<string>();
  for (const [, attributes, text] of sealed.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(text ?? "")
        .digest("base64")}'`,
    );
  }
  return { html: sealed, scriptHashes: [...hashes].join(" ") };
}

/**
 * How long a request waits for another's render of the same page before rendering its own; a
 * render running longer is taken as lost and the next request starts a new one.
 */
const MAX_WAIT_MS = 10_000;

/** A render under way that will fill the cache. */
interface Fill {
  since: number;
  /** Resolves when the render is over, kept or not. */
  over: Promise<void>;
}

interface Entry {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  scriptHashes: string;
  /** After this (ms since the epoch), the next request renders the page again. */
  freshUntil: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set when this page may fill the cache: its key and the cache's generation at the start. */
    pageCacheFill: { key: string; generation: number; done: () => void } | null;
  }
}

export interface PageCacheOptions {
  /** Memory for kept pages, their compressed forms included (bytes). */
  maxBytes?: number;
  /**
   * Safety net: a page is rendered again after this long even if nothing was announced. Until
   * the new one is ready, the others asking for it get the old bytes (a change announced
   * empties the cache at once: old bytes are served only when nothing was announced).
   */
  ttlMs?: number;
}

/**
 * The rendered HTML of the storefront's public pages, kept as ready bytes for visitors who are
 * not signed in, with Brotli and gzip forms made once and an ETag answering 304: the crowd a
 * WhatsApp promotion sends asks for the same few pages, and each is rendered once, not once
 * per visitor. Forgotten on every app server whenever the catalogue is (a product, its stock,
 * its reviews: the catalogue cache's notification). Registered in the storefront's context,
 * before its compression. See docs/decisions/028-page-cache.md.
 */
export async function pageCache(app: FastifyInstance, opts: PageCacheOptions = {}) {
  const cache = new LRUCache<string, Entry>({
    maxSize: opts.maxBytes ?? 16 * 1024 * 1024,
    sizeCalculation: (e, key) => e.body.length + e.br.length + e.gzip.length + key.length * 2 + 512,
  });
  const ttlMs = opts.ttlMs ?? 60_000;
  /** Bumped on each change: a page rendered across a change is sent but not kept. */
  let generation = 0;
  /** Pages being rendered to fill the cache: whoever asks for one meanwhile waits for it. */
  const filling = new Map<string, Fill>();
  app.onCatalogueChanged(() => {
    generation++;
    cache.clear();
  });
  app.decorateRequest("pageCacheFill", null);

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!anonymousRead(request)) return;
    const path = pageKey(request.url);
    if (path === null) return;
    // Image addresses in a page are absolute under the origin it was asked from.
    const key = `${request.imageOrigin} ${path}`;
    const giveUpAt = Date.now() + MAX_WAIT_MS;
    for (;;) {
      const entry = cache.get(key);
      const fill = filling.get(key);
      // A render running longer than anyone waits is taken as lost.
      const rendering = fill !== undefined && fill.since + MAX_WAIT_MS > Date.now();
      // Kept bytes, fresh, or past their time while a new render is on its way.
      if (entry && (entry.freshUntil > Date.now() || rendering)) return sendEntry(request, reply, entry);
      // Nobody renders it (any more): this request does, for all.
      if (!rendering) break;
      // Waited long enough (a render that never ends): this visitor's page is rendered for them alone.
      if (Date.now() >= giveUpAt) return;
      // Wait for that render. If it could not be kept (an error, a change meanwhile), the first
      // to wake renders the page again and the others wait for that one: one render at a time.
      await within(fill.over, giveUpAt - Date.now());
    }
    const { promise: over, resolve: settle } = Promise.withResolvers<void>();
    const fill: Fill = { since: Date.now(), over };
    filling.set(key, fill);
    request.pageCacheFill = {
      key,
      generation,
      done: () => {
        if (request.pageCacheFill === null) return;
        request.pageCacheFill = null;
        if (filling.get(key) === fill) filling.delete(key);
        settle();
      },
    };
  });

  // After the security headers (a root hook) and before the compression of this context.
  app.addHook("onSend", async (request, reply, payload) => {
    const fill = request.pageCacheFill;
    if (!fill) return payload;
    try {
      if (reply.statusCode !== 200 || reply.hasHeader("set-cookie")) return payload;
      const type = reply.getHeader("content-type");
      if (typeof type !== "string" || !type.startsWith("text/html")) return payload;
      const html = await readAll(payload);
      if (html === null) return payload;
      const { html: sealed, scriptHashes } = sealPage(html, request.cspNonce);
      const body = Buffer.from(sealed);
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzipAsync(body, { level: 9 }),
      ]);
      const entry: Entry = {
        body,
        br,
        gzip: gz,
        etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
        scriptHashes,
        freshUntil: Date.now() + ttlMs,
      };
      if (fill.generation === generation) cache.set(fill.key, entry);
      reply.shareScripts(scriptHashes);
      return encoded(request, reply, entry);
    } finally {
      fill.done();
    }
  });
  // A render that never reached onSend (an error before it) frees those waiting for it. A visitor
  // leaving does not free them early: they wait for the render's end (React Router stops it,
  // onSend gets its error page), then one of them renders the page for the others.
  app.addHook("onResponse", async (request) => request.pageCacheFill?.done());
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.shareScripts(entry.scriptHashes);
  reply.type("text/html; charset=utf-8");
  if (request.headers["if-none-match"] === entry.etag) {
    reply.headers(entryHeaders(entry));
    return reply.code(304).send();
  }
  return reply.send(encoded(request, reply, entry));
}

const entryHeaders = (entry: Entry) => ({
  etag: entry.etag,
  // Browsers ask again each time and get a 304 when nothing changed; a shared cache keeps it
  // apart from a signed-in visitor's page.
  "cache-control": "no-cache",
  vary: "accept-encoding, cookie",
});

/** The entry's bytes in the form the browser accepts, with the headers that go with them. */
function encoded(request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer {
  reply.headers(entryHeaders(entry));
  const accepted = request.headers["accept-encoding"] ?? "";
  if (/\bbr\b/.test(accepted)) {
    reply.header("content-encoding", "br");
    return entry.br;
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header("content-encoding", "gzip");
    return entry.gzip;
  }
  return entry.body;
}

/** Waits for `promise`, `ms` at most. */
async function within(promise: Promise<void>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A rendered page's whole text, whatever form the renderer handed it in. */
async function readAll(payload: unknown): Promise<string | null> {
  if (typeof payload === "string") return payload;
  if (Buffer.isBuffer(payload)) return payload.toString("utf8");
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks).toString("utf8");
  }
  return null;
}
