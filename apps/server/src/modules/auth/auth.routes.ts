import { AVATAR_MAX_BYTES, envelope, MSG, signInAnswer, signInInput, signUpInput, user } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { factorsContext } from "../second-factors/factors.context.ts";
import { secondStepError } from "../second-factors/second-step.service.ts";
import { secondFactorRequiredOf } from "../second-factors/setting.service.ts";
import { toApiUser } from "../users/users.mapper.ts";
import { signIn, signUp } from "../users/users.service.ts";

/** The sign-up body carries the profile picture as a data URL (≈ 4/3 of its bytes). */
const SIGNUP_BODY_LIMIT = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64 * 1024;

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const rateLimit = { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowMs };
  const factors = factorsContext(app.db, config);

  app.post(
    "/signup",
    {
      bodyLimit: SIGNUP_BODY_LIMIT,
      config: { rateLimit },
      schema: { tags: ["auth"], body: signUpInput, response: { 201: envelope(user) } },
    },
    async (request, reply) => {
      const row = await signUp(app.db, app.files, request.body);
      return reply.status(201).send(ok(toApiUser(row, request.imageOrigin), MSG.signUpSuccess));
    },
  );

  app.post(
    "/signin",
    {
      onRequest: app.signInAttempts,
      schema: {
        tags: ["auth"],
        description:
          "Answers the session's token. An account with a second factor gets a 401 with `code: second-factor-needed` and the second step's ticket instead; an admin who must set one up first gets `secondFactorSetup: true` beside the token (decision 040).",
        body: signInInput,
        response: { 200: signInAnswer },
      },
    },
    async (request, reply) => {
      const row = await signIn(app.db, request.body);
      // An account with a second factor gets the second step's ticket, not a session (decision 040).
      const secondStep = await secondStepError(factors, row);
      if (secondStep) throw secondStep;
      const answer = ok(await app.startSession(request, reply, row), MSG.signInSuccess);
      // Opened with the password alone: an admin of a shop that requires a factor sets one up first.
      const setup = await secondFactorRequiredOf(app.db, row.role, config.staffSecondFactor);
      return setup ? { ...answer, secondFactorSetup: true as const } : answer;
    },
  );

  app.get(
    "/user-details",
    { onRequest: app.authenticate, schema: { tags: ["auth"], response: { 200: envelope(user) } } },
    async (request) => ok(toApiUser(request.user!, request.imageOrigin), MSG.userDetails),
  );

  app.get(
    "/userLogout",
    { schema: { tags: ["auth"], response: { 200: envelope(z.null()) } } },
    async (request, reply) => {
      await app.endSessions(request, reply);
      return ok(null, MSG.logoutSuccess);
    },
  );
};
