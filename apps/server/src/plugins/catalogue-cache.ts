import { createHash, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";

const CHANNEL = "catalogue_changed";
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Entry {
  body: Buffer;
  etag: string;
  /** Made once per entry: every hit sends the same headers. */
  headers: Record<string, string>;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

const entryHeaders = (etag: string) => ({
  etag,
  "cache-control": "no-cache",
  vary: "accept-encoding",
  "content-type": "application/json; charset=utf-8",
});

declare module "fastify" {
  interface FastifyContextConfig {
    /** Serve this public catalogue read from the catalogue cache. */
    catalogueCache?: boolean;
    /** A POST among product writes that writes nothing (a preview): the caches keep their answers. */
    readsOnly?: boolean;
  }
  interface FastifyInstance {
    /** Forgets every cached catalogue answer, here and on every other app server. */
    catalogueChanged(): Promise<void>;
    /**
     * Forgets them here only: what the catalogue shows changed by itself (a sale starts or
     * ends), and every app server sees the same clock (decision 051).
     */
    catalogueExpired(): void;
    /**
     * Calls `listener` whenever this server forgets the catalogue: a change made here, one
     * announced by another app server, or a lost notification connection. What else is built
     * from the catalogue (the storefront's page cache) forgets itself then.
     */
    onCatalogueChanged(listener: () => void): void;
  }
  interface FastifyRequest {
    catalogueKey: string | null;
  }
}

export interface CatalogueCacheOptions {
  /** Memory for cached answers (bytes, compressed variants included). */
  maxBytes?: number;
  /** Safety net: an entry is rebuilt after this long even if no change was announced. */
  ttlMs?: number;
}

/**
 * The catalogue is read far more often than it changes, so its public answers are kept as
 * ready bytes: no query, no serialization, an ETag for 304s and compressed variants made once.
 * Every product write clears the cache at once here and, through PostgreSQL LISTEN/NOTIFY, on
 * the other app servers. See docs/decisions/008-catalogue-cache.md.
 */
export const catalogueCachePlugin = fp(async (app: FastifyInstance, opts: CatalogueCacheOptions) => {
  const cache = new LRUCache<string, Entry>({
    maxSize: opts.maxBytes ?? 16 * 1024 * 1024,
    // Keys count too: a read's body (a list of categories) or query can be long.
    sizeCalculation: (e, key) => e.body.length * 2 + key.length * 2 + 256,
    ttl: opts.ttlMs ?? 60_000,
  });
  /** Bumped on each change, so an answer computed before a change is never stored after it. */
  let generation = 0;
  const listeners: (() => void)[] = [];
  const forget = () => {
    generation++;
    cache.clear();
    for (const listener of listeners) listener();
  };

  // Each app server names itself in its notifications: it has already cleared its own cache.
  const self = randomUUID();
  app.decorateRequest("catalogueKey", null);

  await app.database.listen(
    CHANNEL,
    (sender) => {
      if (sender !== self) forget();
    },
    forget,
  );

  app.decorate("onCatalogueChanged", (listener: () => void) => {
    listeners.push(listener);
  });
  app.decorate("catalogueChanged", async () => {
    forget();
    await app.database.notify(CHANNEL, self);
  });
  app.decorate("catalogueExpired", forget);

  // Before validation: a stored answer was validated when it was made, and a body that
  // differs in any way (an extra field, a wrong type) has another key and is validated then.
  app.addHook("preValidation", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.catalogueCache) return;
    // An ADMIN's product list is its own, and the staff read the usual prices during a sale
    // (decision 051); everybody else reads the same catalogue.
    if (request.user?.role === "ADMIN" || request.user?.role === "SUPERADMIN") return;
    // Image URLs are absolute under the origin the client asked for: one host's answer is never another's.
    const body = request.body === undefined ? "" : JSON.stringify(request.body);
    const key = `${request.imageOrigin} ${request.method} ${request.url} ${body}`;
    const entry = cache.get(key);
    if (!entry) {
      request.catalogueKey = `${generation}\n${key}`;
      return;
    }
    reply.headers(entry.headers);
    if (request.headers["if-none-match"] === entry.etag) return reply.code(304).send();
    const accepted = request.headers["accept-encoding"] ?? "";
    if (/\bbr\b/.test(accepted)) {
      entry.br ??= brotli(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
      return reply.header("content-encoding", "br").send(await entry.br);
    }
    if (/\bgzip\b/.test(accepted)) {
      entry.gzip ??= gzipAsync(entry.body, { level: 6 });
      return reply.header("content-encoding", "gzip").send(await entry.gzip);
    }
    return reply.send(entry.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const marked = request.catalogueKey;
    if (!marked || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const newline = marked.indexOf("\n");
    if (Number(marked.slice(0, newline)) !== generation) return payload;
    const body = Buffer.from(payload);
    const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
    const headers = entryHeaders(etag);
    cache.set(marked.slice(newline + 1), { body, etag, headers });
    reply.headers(headers);
    return payload;
  });
});
