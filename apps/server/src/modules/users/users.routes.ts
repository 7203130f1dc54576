import { AVATAR_MAX_BYTES, envelope, MSG, myAccountInput, myPasswordInput, updateUserInput, user } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { toApiUser } from "./users.mapper.ts";
import { changeOwnPassword, changeRole, listUsers, updateOwnAccount } from "./users.service.ts";

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

/** A photo travels as a data URL (≈ 4/3 of its bytes). */
const ACCOUNT_BODY_LIMIT = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64 * 1024;

/** 'Mes données': a signed-in person corrects their own account (decision 041). */
export const myAccountRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook("onRequest", app.authenticate);
  // Each checks the password when asked to: guessed no faster than at sign-in.
  const rateLimit = { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowMs };

  app.post(
    "/my-account",
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: { rateLimit },
      schema: {
        tags: ["users"],
        description:
          'Name, e-mail (with currentPassword when it changes) and photo (a data URL; "" removes it) of the signed-in account.',
        body: myAccountInput,
        response: { 200: envelope(user) },
      },
    },
    async (request) => {
      const row = await updateOwnAccount(app.db, app.files, request.user!.id, request.body);
      return ok(toApiUser(row, request.imageOrigin), MSG.accountUpdated);
    },
  );

  app.post(
    "/my-password",
    {
      config: { rateLimit },
      schema: {
        tags: ["users"],
        description:
          "A new password, confirmed by the current one: every session of the account ends, and this device gets a new one (its token answered, as /signin does).",
        body: myPasswordInput,
        response: { 200: envelope(z.string()) },
      },
    },
    async (request, reply) => {
      const row = await changeOwnPassword(app.db, request.user!.id, request.body);
      return ok(await app.startSession(request, reply, row), MSG.passwordChanged);
    },
  );
};
