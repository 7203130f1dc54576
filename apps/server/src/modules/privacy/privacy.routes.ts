import { deleteAccountInput, envelope, MSG, myData, myPromotionsInput, promotionsChoice } from "@shop/shared";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { users } from "../../db/schema/users.ts";
import { ok } from "../../lib/envelope.ts";
import { AppError, unauthorized } from "../../lib/errors.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { factorsContext } from "../second-factors/factors.context.ts";
import { confirmWithSecondFactor } from "../second-factors/second-step.service.ts";
import { verifyPassword } from "../users/passwords.ts";
import { personalArchive } from "./archive.ts";
import { eraseAccount } from "./erasure.service.ts";
import { accountObjection, objectionKeys, setAccountPromotions } from "./objections.service.ts";
import { toMyData } from "./personal-data.mapper.ts";
import { filesOf, personalDataOf } from "./personal-data.service.ts";

/** 'Mes données' (decision 041): a signed-in person's own data, its archive, and its erasure. */
export const myDataRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const factors = factorsContext(app.db, config);
  const keys = objectionKeys(config.token.secret, config.publicUrl);
  app.addHook("onRequest", app.authenticate);

  const dataOf = async (userId: string) => {
    const data = await personalDataOf(app.db, userId);
    if (!data) throw unauthorized(MSG.authInvalid);
    return data;
  };

  app.get(
    "/my-data",
    {
      schema: {
        tags: ["privacy"],
        description: "Everything the shop keeps about the signed-in person, whole (no paging).",
        response: { 200: envelope(myData) },
      },
    },
    async (request) => {
      const data = await dataOf(request.user!.id);
      return ok(toMyData(data, await accountObjection(app.db, keys, data.account.id)), MSG.myDataListed);
    },
  );

  app.get(
    "/my-data/archive",
    {
      schema: {
        tags: ["privacy"],
        description:
          "The same as a zip: donnees.json, donnees.html (to read or print) and, under fichiers/, the files the person sent.",
      },
    },
    async (request, reply) => {
      const data = await dataOf(request.user!.id);
      const exported = toMyData(data, await accountObjection(app.db, keys, data.account.id));
      return reply
        .type("application/zip")
        .header("content-disposition", `attachment; filename="mes-donnees-${exported.exportedAt.slice(0, 10)}.zip"`)
        .send(personalArchive(exported, filesOf(data), app.files));
    },
  );

  app.post(
    "/my-promotions",
    {
      schema: {
        tags: ["privacy"],
        description:
          "Stops (receive: false) or resumes the shop's promotions and reminders to the account's e-mail and its orders' numbers; messages about its orders always go.",
        body: myPromotionsInput,
        response: { 200: envelope(promotionsChoice) },
      },
    },
    async (request) => {
      const { receive } = request.body;
      const choice = await setAccountPromotions(app.db, keys, request.user!.id, receive);
      return ok(choice, receive ? MSG.promotionsResumed : MSG.promotionsStopped);
    },
  );

  app.post(
    "/delete-my-account",
    {
      // Guessing a password here is guessing it at sign-in: the same limits.
      config: { rateLimit: { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowMs } },
      schema: {
        tags: ["privacy"],
        description:
          "Erases the signed-in account, confirmed by its password or its second factor; its orders stay, anonymised (409 while one is open or being paid).",
        body: deleteAccountInput,
        response: {
          200: envelope(z.object({ ordersAnonymised: z.number().int(), filesRemoved: z.number().int() })),
        },
      },
    },
    async (request, reply) => {
      const [account] = await app.db.select().from(users).where(eq(users.id, request.user!.id));
      if (!account) throw unauthorized(MSG.authInvalid);
      const { password, code, recoveryCode } = request.body;
      if (password) {
        if (!(await verifyPassword(account.passwordHash, password)))
          throw new AppError(401, MSG.accountDeletePasswordWrong);
      } else {
        await confirmWithSecondFactor(factors, account, { code, recoveryCode }, { address: request.ip });
      }
      const erasure = await eraseAccount(app.db, app.files, staffOf(request), account.id);
      await app.endSessions(request, reply);
      return ok(erasure, MSG.accountDeleted);
    },
  );
};
