import {
  ADMIN_ROLES,
  MSG,
  type OpenedWith,
  openedWithSecondFactor,
  type Role,
  SECOND_FACTOR_CODES,
} from "@shop/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";
import type { Config } from "../config.ts";
import type { UserRow } from "../db/schema.ts";
import { AppError, forbidden, unauthorized } from "../lib/errors.ts";
import { LAST_USE_EVERY_MS, touchSession } from "../modules/auth/devices.service.ts";
import {
  closeSessions,
  type InSession,
  openSession,
  type SessionClaim,
  userOfSession,
} from "../modules/auth/sessions.service.ts";
import { secondFactorRequiredOf } from "../modules/second-factors/setting.service.ts";

export const TOKEN_COOKIE = "token";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Opens a session for a user whose password (and second factor, `openedWith`) was just
     * checked, answers its token and sets it as the `token` cookie. Refused (401) when the
     * password changed in the meantime.
     */
    startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow, openedWith?: OpenedWith): Promise<string>;
    /** Log-out: ends the session of every token the request carries and clears the cookie. */
    endSessions(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Hook: the request must carry the token of an open session. */
    authenticate(request: FastifyRequest): Promise<void>;
    /**
     * A signed-in user's read or change made in the same statement as the session's check
     * (sessions.service.ts, `fromOpenSession`): `run` gets the session the verified token
     * names and answers null when that session is not open (then 401). `request.user` is set
     * from the same statement, as `authenticate` does.
     */
    inSession<T>(request: FastifyRequest, run: (session: SessionClaim) => Promise<InSession<T>>): Promise<T>;
    /**
     * Hook for a route that checks the session in its handler (`inSession`): a request
     * without a token, or whose token's signature or dates fail, is refused (401) before its
     * body is read, as `authenticate` would; no database call.
     */
    carriesToken(request: FastifyRequest): Promise<void>;
    /** Hook: reads a valid token if there is one; an absent or bad token means anonymous. */
    identify(request: FastifyRequest): Promise<void>;
    /**
     * Hook for a public read whose answer differs only for the staff (`get-product`: an ADMIN's
     * own products, the usual prices during a sale, decision 051): the session is looked up
     * only when the token's role says ADMIN or SUPERADMIN; every other visitor reads the public
     * answer, with no database round trip.
     */
    identifyAdmin(request: FastifyRequest): Promise<void>;
    /** Hook factory: the authenticated user must hold one of the roles. */
    requireRole(roles: readonly Role[]): (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow | null;
    /** The open session `user` was read through: who acted, in which session (the audit log). */
    sessionId: string | null;
    /** How that session was opened (decision 040); null when not read through `authenticate`. */
    openedWith: OpenedWith | null;
  }
}

/**
 * The tokens a request carries, the one to use first: `Authorization: Bearer` (other
 * clients), then the httpOnly cookie (storefront).
 */
function readTokens(app: FastifyInstance, request: FastifyRequest): string[] {
  const found: string[] = [];
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  // The original French client sends "Bearer null" when it has no token.
  if (bearer && bearer !== "null" && bearer !== "undefined") found.push(bearer);
  const header = request.headers.cookie;
  const cookie = header ? app.parseCookie(header)[TOKEN_COOKIE] : undefined;
  if (cookie && cookie !== bearer) found.push(cookie);
  return found;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a verified token says. */
interface Claims {
  sessionId: string;
  userId: string;
  role: unknown;
  /** `exp`, in milliseconds. */
  expiresAt: number;
}
/** Verified tokens remembered per app server (≈ 0.5 KB each). */
const VERIFIED_TOKENS = 5000;

export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const key = new TextEncoder().encode(opts.config.token.secret);
  const { ttlSeconds } = opts.config.token;

  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("openedWith", null);

  /**
   * Checking a signature costs more than answering a cached catalogue read (WebCrypto's HMAC
   * runs off the main thread): the claims of tokens already verified are kept, a bounded
   * number, keyed by the whole token, and their expiry is checked at every use. Only what
   * was verified gets in; whether the session is still open is never kept here.
   */
  const verified = new LRUCache<string, Claims>({ max: VERIFIED_TOKENS });

  /**
   * When this server last wrote each session's last use ('Mes appareils'): at most once every
   * LAST_USE_EVERY_MS per session and server, so that a signed-in crowd does not write a row
   * at every request (decision 039). Forgetting one only means one more small write.
   */
  const lastUseWritten = new LRUCache<string, number>({ max: VERIFIED_TOKENS });
  async function noteUse(sessionId: string): Promise<void> {
    const now = Date.now();
    const written = lastUseWritten.get(sessionId);
    if (written !== undefined && now - written < LAST_USE_EVERY_MS) return;
    lastUseWritten.set(sessionId, now);
    await touchSession(app.db, sessionId);
  }

  /** The session a token names, if its signature and dates hold; its row is not read here. */
  async function claimsOf(token: string): Promise<Claims | null> {
    const known = verified.get(token);
    if (known) return known.expiresAt > Date.now() ? known : null;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
      const { sub, jti, role, exp } = payload;
      if (typeof sub !== "string" || !UUID.test(sub) || typeof jti !== "string" || !UUID.test(jti)) return null;
      if (typeof exp !== "number") return null;
      const claims = { sessionId: jti, userId: sub, role, expiresAt: exp * 1000 };
      verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }

  /**
   * Sets the request's user and session from a token whose session is still open (null
   * otherwise), read from the database on each call so that a log-out, a role change or a
   * deleted account applies at once on every app server.
   * A database failure is not an invalid token: it propagates (a 500, never a 401).
   */
  async function readSession(
    request: FastifyRequest,
    token: string | undefined,
    onlyRoles?: readonly Role[],
  ): Promise<UserRow | null> {
    const claims = token ? await claimsOf(token) : null;
    const session =
      !claims || (onlyRoles && !onlyRoles.includes(claims.role as Role))
        ? null
        : await userOfSession(app.db, claims.sessionId, claims.userId);
    const user = session?.user ?? null;
    request.user = user;
    request.sessionId = user && claims ? claims.sessionId : null;
    request.openedWith = session?.openedWith ?? null;
    if (request.sessionId) await noteUse(request.sessionId);
    return user;
  }

  app.decorate(
    "startSession",
    async (request: FastifyRequest, reply: FastifyReply, user: UserRow, openedWith: OpenedWith = "password") => {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const session = await openSession(
        app.db,
        user,
        expiresAt,
        { userAgent: request.headers["user-agent"] ?? "", address: request.ip },
        openedWith,
      );
      if (!session) throw unauthorized(MSG.signInFailed);
      // Its row was just written with this moment as its last use: nothing to note for a while.
      lastUseWritten.set(session.id, Date.now());
      // `_id` is what the original French storefront reads from the token itself (SPEC.md §6);
      // `role` is true for as long as the session is open (see openSession).
      const token = await new SignJWT({ _id: user.id, role: user.role })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(user.id)
        .setJti(session.id)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
      reply.setCookie(TOKEN_COOKIE, token, {
        httpOnly: true,
        sameSite: "lax",
        secure: opts.config.cookie.secure,
        domain: opts.config.cookie.domain,
        path: "/",
        maxAge: ttlSeconds,
      });
      return token;
    },
  );

  app.decorate("endSessions", async (request: FastifyRequest, reply: FastifyReply) => {
    const claims = await Promise.all(readTokens(app, request).map(claimsOf));
    await closeSessions(
      app.db,
      claims.flatMap((c) => (c ? [c.sessionId] : [])),
    );
    reply.clearCookie(TOKEN_COOKIE, { path: "/", domain: opts.config.cookie.domain });
  });

  app.decorate("authenticate", async (request: FastifyRequest) => {
    const [token] = readTokens(app, request);
    if (!token) throw unauthorized(MSG.authRequired);
    if (!(await readSession(request, token))) throw unauthorized(MSG.authInvalid);
  });

  // The session is still read on every request and nothing is answered, or changed, unless it
  // holds (decision 021); the check is part of the query's own statement: one round trip
  // instead of two or three (decision 036).
  app.decorate(
    "inSession",
    async <T>(request: FastifyRequest, run: (session: SessionClaim) => Promise<InSession<T>>): Promise<T> => {
      const [token] = readTokens(app, request);
      if (!token) throw unauthorized(MSG.authRequired);
      const claims = await claimsOf(token);
      if (!claims) throw unauthorized(MSG.authInvalid);
      const answer = await run({ sessionId: claims.sessionId, userId: claims.userId });
      if (!answer) throw unauthorized(MSG.authInvalid);
      request.user = answer.user;
      request.sessionId = claims.sessionId;
      await noteUse(claims.sessionId);
      return answer.value;
    },
  );

  app.decorate("carriesToken", async (request: FastifyRequest) => {
    const [token] = readTokens(app, request);
    if (!token) throw unauthorized(MSG.authRequired);
    if (!(await claimsOf(token))) throw unauthorized(MSG.authInvalid);
  });

  app.decorate("identify", async (request: FastifyRequest) => {
    const [token] = readTokens(app, request);
    await readSession(request, token);
  });

  app.decorate("identifyAdmin", async (request: FastifyRequest) => {
    const [token] = readTokens(app, request);
    await readSession(request, token, ADMIN_ROLES);
  });

  // The staff's second factor (decision 040): while the shop requires it, a session of an
  // ADMIN or SUPERADMIN opened with a password alone reaches no admin call; the back-office
  // reads the code and leads to 'Sécurité du compte', whose calls are not admin calls.
  app.decorate("requireRole", (roles: readonly Role[]) => async (request: FastifyRequest) => {
    await app.authenticate(request);
    const user = request.user;
    if (!user || !roles.includes(user.role)) throw forbidden(MSG.forbidden);
    if (openedWithSecondFactor(request.openedWith ?? "password")) return;
    if (await secondFactorRequiredOf(app.db, user.role, opts.config.staffSecondFactor)) {
      throw new AppError(403, MSG.secondFactorSetupRequired, undefined, { code: SECOND_FACTOR_CODES.setup });
    }
  });
});

export const requireAdmin = (app: FastifyInstance) => app.requireRole(ADMIN_ROLES);
