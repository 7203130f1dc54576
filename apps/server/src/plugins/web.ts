import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import { CSP_NONCE_KEY, type CspNonceSource, IN_PROCESS_API_KEY, type InProcessApiTransport, MSG } from "@shop/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ViteDevServer } from "vite";
import { serverRoot } from "../paths.ts";
import { IN_PROCESS_HEADER } from "./origin.ts";
import { type PageCacheOptions, pageCache, personalPage } from "./page-cache.ts";

const webDir = path.resolve(serverRoot, "../web");
export const webServerBuild = path.join(webDir, "build/server/index.js");

/**
 * The storefront, server-rendered by React Router, on the same port as the API. Its loaders
 * call the API in process (no network hop, same cache, same rules): the transport is
 * registered under a global symbol the web app's API client looks for (decision 009).
 * Registered in its own context: the adapter replaces the body parsers of the context it
 * runs in, and answers every path no other route claims.
 */
export interface WebOptions {
  devServer?: ViteDevServer;
  /**
   * The anonymous page cache (plugins/page-cache.ts): on in production, off in development
   * (where pages change with the code) unless options are given, as the tests do.
   */
  pageCache?: PageCacheOptions | false;
}

export async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  // The visitor whose page is being rendered: the API calls its loaders and actions make carry
  // the visitor's address, so per-client rate limits (sign-in, contact form) count the
  // visitor, not the server itself.
  const visitor = new AsyncLocalStorage<{ ip: string; request: FastifyRequest }>();
  // inject() always enters the whole server, whichever context it is called from.
  const transport: InProcessApiTransport = async (request) => {
    const headers: Record<string, string> = { [IN_PROCESS_HEADER]: "1" };
    if (request.cookie) headers.cookie = request.cookie;
    // The visitor's browser, as a sign-in through a form records it ('Mes appareils', decision 039).
    const userAgent = visitor.getStore()?.request.headers["user-agent"];
    if (userAgent) headers["user-agent"] = userAgent;
    let payload: object | undefined = request.body as object | undefined;
    // A form with a file (the order form) goes to the API as the multipart body a browser sends.
    if (request.body instanceof FormData) {
      const encoded = new Response(request.body);
      payload = Buffer.from(await encoded.arrayBuffer());
      headers["content-type"] = encoded.headers.get("content-type") ?? "multipart/form-data";
    }
    const response = await app.inject({
      method: request.method,
      url: request.path,
      remoteAddress: visitor.getStore()?.ip,
      ...(payload === undefined ? {} : { payload }),
      headers,
    });
    const cookies = response.headers["set-cookie"];
    const setCookie = cookies === undefined ? undefined : Array.isArray(cookies) ? cookies : [String(cookies)];
    return { status: response.statusCode, body: response.json(), setCookie };
  };
  (globalThis as Record<symbol, unknown>)[Symbol.for(IN_PROCESS_API_KEY)] = transport;
  // The nonce of the page being rendered, for entry.server.tsx (plugins/security-headers.ts).
  const nonce: CspNonceSource = () => visitor.getStore()?.request.cspNonce;
  (globalThis as Record<symbol, unknown>)[Symbol.for(CSP_NONCE_KEY)] = nonce;
  // Pages and the data of client-side moves say who may keep them (decision 034).
  app.addHook("onSend", (request, reply, payload, done) => {
    // The phone's service worker (apps/web/sw), a file of the build: asked again at every visit,
    // so that a new deployment's worker takes over at the next one.
    if (request.url === "/sw.js") reply.header("cache-control", "no-cache");
    const type = String(reply.getHeader("content-type") ?? "");
    if (!PAGE_OR_DATA.test(type)) return done(null, payload);
    // A page drawn for a session (a name, a cart count) or saying a visitor's message stays out
    // of every cache, the phone's too.
    if (personalPage(request)) reply.header("cache-control", "private, no-store");
    // The others may be kept, and are asked again each time (an ETag answers 304 when unchanged).
    else if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
    done(null, payload);
  });
  // Before the compression below: kept pages carry their own compressed forms.
  const cached = opts.pageCache ?? (opts.devServer ? false : {});
  if (cached) await pageCache(app, cached);
  // Pages and assets compressed for slow mobile data; quality 5 keeps dynamic pages cheap to
  // compress (the API's catalogue answers carry their own precompressed variants).
  await app.register(compress, {
    threshold: 1024,
    // Brotli first: Chromium also offers zstd, which at the plugin's level compresses these
    // pages worse than gzip.
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
  await app.register(fastifyReactRouter, {
    devServer: opts.devServer,
    serverBuildPath: webServerBuild,
    clientBuildDirectory: path.join(webDir, "build/client"),
    // Scripts and styles come with Brotli and gzip copies made at build time (decision 012).
    staticOptions: { preCompressed: true },
    routeOptions: {
      onRequest: (request, reply, done) => {
        if (refused(request, reply)) return;
        visitor.run({ ip: request.ip, request }, done);
      },
    },
  });
}

/** A page, or the data React Router fetches when the visitor moves to another page. */
const PAGE_OR_DATA = /^(?:text\/html|text\/x-script)/;

/** What a page takes: reads, and forms posted (the storefront's and back-office's actions). */
const PAGE_METHODS = "GET, HEAD, POST";
const FORM_TYPES = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/**
 * Requests no page can take are answered here, before React Router, which would log each as
 * an error (an OPTIONS probe, a PUT) or fail reading a form that is not one (500): OPTIONS
 * gets 204 with the methods allowed, other methods 405, a post that is not a form 415.
 */
function refused(request: FastifyRequest, reply: FastifyReply): boolean {
  const method = request.method;
  if (method === "GET" || method === "HEAD") return false;
  if (method === "POST" && FORM_TYPES.test(request.headers["content-type"] ?? "")) return false;
  reply.header("allow", PAGE_METHODS).type("text/plain; charset=utf-8");
  if (method === "OPTIONS") reply.status(204).send();
  else if (method === "POST") reply.status(415).send(MSG.unsupportedMediaType);
  else reply.status(405).send(MSG.methodNotAllowed);
  return true;
}

export const webBuildExists = () => existsSync(webServerBuild);
