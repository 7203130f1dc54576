import { envelope, MSG, updateUserInput, user } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { toApiUser } from "./users.mapper.ts";
import { changeRole, listUsers } from "./users.service.ts";

/** The back-office's user management: every route here is for ADMIN and SUPERADMIN only. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));

  app.get("/all-user", { schema: { tags: ["users"], response: { 200: envelope(z.array(user)) } } }, async (request) => {
    const rows = await listUsers(app.db);
    return ok(
      rows.map((r) => toApiUser(r, request.imageOrigin)),
      MSG.usersListed,
    );
  });

  app.post(
    "/update-user",
    { schema: { tags: ["users"], body: updateUserInput, response: { 200: envelope(user) } } },
    async (request) => {
      const row = await changeRole(app.db, staffOf(request), request.body.userId, request.body.role);
      return ok(toApiUser(row, request.imageOrigin), MSG.userUpdated);
    },
  );
};
