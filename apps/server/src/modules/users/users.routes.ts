import { envelope, MSG, updateUserInput, user } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { toApiUser } from "./users.mapper.ts";
import { changeRole, listUsers } from "./users.service.ts";

/** The back-office's user management: every route here is for ADMIN and SUPERADMIN only. */
export const usersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook("onRequest", requireAdmin(app));

  app.get("/all-user", { schema: { tags: ["users"], response: { 200: envelope(z.array(user)) } } }, async () => {
    const rows = await listUsers(app.db);
    return ok(
      rows.map((r) => toApiUser(r, config.publicUrl)),
      MSG.usersListed,
    );
  });

  app.post(
    "/update-user",
    { schema: { tags: ["users"], body: updateUserInput, response: { 200: envelope(user) } } },
    async (request) => {
      const row = await changeRole(app.db, request.user!, request.body.userId, request.body.role);
      return ok(toApiUser(row, config.publicUrl), MSG.userUpdated);
    },
  );
};
