import type { FastifyRequest } from "fastify";
import type { Staff } from "./audit.service.ts";

/**
 * The member of staff making a request's changes, as the audit log records them: the
 * signed-in user, their session (plugins/auth.ts) and the request's address (behind the
 * proxies of deploy/, the visitor's, through Fastify's `trustProxy`). For routes behind
 * `requireAdmin`, which has set the user.
 */
export function staffOf(request: FastifyRequest): Staff {
  if (!request.user) throw new Error("staffOf: no signed-in user on this request (a route without requireAdmin?)");
  return { user: request.user, sessionId: request.sessionId, address: request.ip };
}
