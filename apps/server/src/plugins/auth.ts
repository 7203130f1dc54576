import { ADMIN_ROLES, MSG, type Role } from "@shop/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { jwtVerify, SignJWT } from "jose";
import type { Config } from "../config.ts";
import { type UserRow, users } from "../db/schema.ts";
import { forbidden, unauthorized } from "../lib/errors.ts";

export const TOKEN_COOKIE = "token";

declare module "fastify" {
  interface FastifyInstance {
    /** Signs a session token for a user id. */
    signToken(userId: string): Promise<string>;
    setTokenCookie(reply: FastifyReply, token: string): void;
    clearTokenCookie(reply: FastifyReply): void;
    /** Hook: the request must carry a valid token of an existing user. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** Hook: reads a valid token if there is one; an absent or bad token means anonymous. */
    identify(request: FastifyRequest): Promise<void>;
    /** Hook factory: the authenticated user must hold one of the roles. */
    requireRole(roles: readonly Role[]): (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
}

/** Either the httpOnly cookie (storefront) or `Authorization: Bearer` (other clients). */
function readToken(app: FastifyInstance, request: FastifyRequest): string | undefined {
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const token = /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  // The original French client sends "Bearer null" when it has no token.
  if (token && token !== "null" && token !== "undefined") return token;
  const header = request.headers.cookie;
  return (header && app.parseCookie(header)[TOKEN_COOKIE]) || undefined;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const key = new TextEncoder().encode(opts.config.token.secret);
  const { ttlSeconds } = opts.config.token;

  app.decorateRequest("user", null);

  app.decorate("signToken", (userId: string) =>
    new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(key),
  );

  app.decorate("setTokenCookie", (reply: FastifyReply, token: string) => {
    reply.setCookie(TOKEN_COOKIE, token, {
      httpOnly: true,
      sameSite: "lax",
      secure: opts.config.cookie.secure,
      domain: opts.config.cookie.domain,
      path: "/",
      maxAge: ttlSeconds,
    });
  });

  app.decorate("clearTokenCookie", (reply: FastifyReply) => {
    reply.clearCookie(TOKEN_COOKIE, { path: "/", domain: opts.config.cookie.domain });
  });

  /** The user a token names, read from the database so a role change applies at once. */
  async function userFromToken(token: string): Promise<UserRow | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
      if (typeof payload.sub !== "string" || !/^[0-9a-f-]{36}$/i.test(payload.sub)) return null;
      const [row] = await app.db.select().from(users).where(eq(users.id, payload.sub)).limit(1);
      return row ?? null;
    } catch {
      return null;
    }
  }

  app.decorate("authenticate", async (request: FastifyRequest) => {
    const token = readToken(app, request);
    if (!token) throw unauthorized(MSG.authRequired);
    const user = await userFromToken(token);
    if (!user) throw unauthorized(MSG.authInvalid);
    request.user = user;
  });

  app.decorate("identify", async (request: FastifyRequest) => {
    const token = readToken(app, request);
    request.user = token ? await userFromToken(token) : null;
  });

  app.decorate("requireRole", (roles: readonly Role[]) => async (request: FastifyRequest) => {
    await app.authenticate(request);
    if (!request.user || !roles.includes(request.user.role)) throw forbidden(MSG.forbidden);
  });
});

export const requireAdmin = (app: FastifyInstance) => app.requireRole(ADMIN_ROLES);
