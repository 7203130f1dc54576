import { AVATAR_MAX_BYTES, envelope, MSG, signInInput, signUpInput, user } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { factorsContext } from "../second-factors/factors.context.ts";
import { secondStepError } from "../second-factors/second-step.service.ts";
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
      config: { rateLimit },
      schema: { tags: ["auth"], body: signInInput, response: { 200: envelope(z.string()) } },
    },
    async (request, reply) => {
      const row = await signIn(app.db, request.body);
      // An account with a second factor gets the second step's ticket, not a session (decision 040).
      const secondStep = await secondStepError(factors, row);
      if (secondStep) throw secondStep;
      return ok(await app.startSession(request, reply, row), MSG.signInSuccess);
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
