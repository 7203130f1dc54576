import {
  envelope,
  factorAdded,
  factorParams,
  factorRenameInput,
  MSG,
  passkeyAddInput,
  passkeyOptions,
  passkeyOptionsInput,
  passkeySignInInput,
  recoveryCodes,
  secondFactor,
  secondFactorInput,
  securityOverview,
  staffFactors,
  staffFactorsParams,
  staffSecondFactorInput,
  staffSecondFactorSetting,
  totpConfirmInput,
  totpSetup,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { forbidden } from "../../lib/errors.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { factorsContext } from "./factors.context.ts";
import * as factors from "./factors.service.ts";
import { passkeyAssertionOptions, passSecondStep, refuser, signInWithPasskey } from "./second-step.service.ts";
import { setStaffSecondFactorMode, staffSecondFactorMode } from "./setting.service.ts";

const tags = ["second-factors"];

/** 'Sécurité du compte' (decision 040): any signed-in account manages its own factors. */
export const mySecondFactorsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const ctx = factorsContext(app.db, config);
  app.addHook("onRequest", app.authenticate);

  app.get(
    "/second-factors",
    {
      schema: {
        tags,
        description:
          "My passkeys and authenticator app, my recovery codes left, and whether the shop requires a factor of me.",
        response: { 200: envelope(securityOverview) },
      },
    },
    async (request) =>
      ok(await factors.securityOverview(ctx, request.user!, request.openedWith ?? "password"), MSG.securityOverview),
  );

  app.post(
    "/second-factors/totp/start",
    {
      schema: {
        tags,
        description:
          "A new authenticator app's secret, its otpauth:// address and QR code (SVG), and the sealed `setupToken` (10 minutes) that `POST /second-factors/totp` takes back with the first code. Nothing is saved yet.",
        response: { 200: envelope(totpSetup) },
      },
    },
    async (request) => ok(await factors.startTotp(ctx, request.user!), MSG.totpSetupStarted),
  );

  app.post(
    "/second-factors/totp",
    {
      schema: {
        tags,
        description:
          "Saves the authenticator app once a code proves it holds the secret. The account's first factor comes with ten recovery codes, answered this once.",
        body: totpConfirmInput,
        response: { 201: envelope(factorAdded) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await factors.confirmTotp(ctx, staffOf(request), request.body), MSG.totpAdded)),
  );

  app.post(
    "/second-factors/passkey/options",
    {
      schema: {
        tags,
        description:
          "The options for `navigator.credentials.create()` (relying party: PUBLIC_URL's host); the challenge serves once, for 5 minutes.",
        response: { 200: envelope(passkeyOptions) },
      },
    },
    async (request) => ok(await factors.passkeyRegistrationOptions(ctx, request.user!)),
  );

  app.post(
    "/second-factors/passkey",
    {
      schema: {
        tags,
        description: "Saves a passkey from the browser's answer (challenge, origin and relying party checked).",
        body: passkeyAddInput,
        response: { 201: envelope(factorAdded) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const refuse = refuser(ctx, staff.user, { address: request.ip }, "passkey-registration");
      return reply.status(201).send(ok(await factors.addPasskey(ctx, staff, request.body, refuse), MSG.passkeyAdded));
    },
  );

  app.patch(
    "/second-factors/:id",
    {
      schema: {
        tags,
        description: "Renames one of my factors.",
        params: factorParams,
        body: factorRenameInput,
        response: { 200: envelope(secondFactor) },
      },
    },
    async (request) =>
      ok(await factors.renameFactor(ctx, staffOf(request), request.params.id, request.body.name), MSG.factorRenamed),
  );

  app.delete(
    "/second-factors/:id",
    {
      schema: {
        tags,
        description:
          "Removes one of my factors (409 for the staff's last one while the shop requires it); with the last go the recovery codes.",
        params: factorParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await factors.removeFactor(ctx, staffOf(request), request.params.id);
      return ok(null, MSG.factorRemoved);
    },
  );

  app.post(
    "/second-factors/recovery-codes",
    {
      schema: {
        tags,
        description: "Ten new recovery codes, answered this once; the old ones no longer work.",
        response: { 200: envelope(recoveryCodes) },
      },
    },
    async (request) => ok({ codes: await factors.renewRecoveryCodes(ctx, staffOf(request)) }, MSG.recoveryCodesRenewed),
  );
};

/**
 * The sign-in's second step and passkey sign-in, counted with the password's attempts (one
 * counter per address for all three), and per account in the service (decision 040).
 */
export const secondFactorSignInRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const ctx = factorsContext(app.db, config);
  const rateLimit = { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowMs };

  app.post(
    "/signin/second-factor",
    {
      onRequest: app.signInAttempts,
      schema: {
        tags: ["auth"],
        description:
          "The sign-in's second step: the `ticket` of `/signin`'s 401 (`code: second-factor-needed`) with a 6-digit `code`, a `recoveryCode` or a `passkey` assertion. Answers the token as `/signin` does.",
        body: secondFactorInput,
        response: { 200: envelope(z.string()) },
      },
    },
    async (request, reply) => {
      const { user, openedWith } = await passSecondStep(ctx, request.body, { address: request.ip });
      return ok(await app.startSession(request, reply, user, openedWith), MSG.secondFactorAccepted);
    },
  );

  app.post(
    "/signin/passkey-options",
    {
      config: { rateLimit },
      schema: {
        tags: ["auth"],
        description:
          "The options for `navigator.credentials.get()`: with a `ticket`, that account's passkeys (second step); without, any passkey of this shop (sign-in without password).",
        body: passkeyOptionsInput,
        response: { 200: envelope(passkeyOptions) },
      },
    },
    async (request) => ok(await passkeyAssertionOptions(ctx, request.body.ticket)),
  );

  app.post(
    "/signin/passkey",
    {
      onRequest: app.signInAttempts,
      schema: {
        tags: ["auth"],
        description: "Signs in with a passkey alone (user verification required). Answers the token as `/signin` does.",
        body: passkeySignInInput,
        response: { 200: envelope(z.string()) },
      },
    },
    async (request, reply) => {
      const user = await signInWithPasskey(ctx, request.body.response, { address: request.ip });
      return ok(await app.startSession(request, reply, user, "passkey"), MSG.signInSuccess);
    },
  );
};

/** The SUPERADMIN's side: the requirement for the staff, and a lost phone's reset. */
export const staffSecondFactorsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const fallback = config.staffSecondFactor;
  app.addHook("onRequest", requireAdmin(app));
  app.addHook("onRequest", async (request) => {
    if (request.user?.role !== "SUPERADMIN") throw forbidden(MSG.secondFactorSuperAdminOnly);
  });

  app.get(
    "/admin/second-factor-setting",
    {
      schema: {
        tags,
        description:
          "Whether ADMIN and SUPERADMIN accounts must sign in with a second factor, and STAFF_SECOND_FACTOR's default.",
        response: { 200: envelope(staffSecondFactorSetting) },
      },
    },
    async () =>
      ok({ mode: await staffSecondFactorMode(app.db, fallback), defaultMode: fallback }, MSG.secondFactorSetting),
  );

  app.put(
    "/admin/second-factor-setting",
    {
      schema: {
        tags,
        description: "Requires a second factor of the staff, or not (a line of the audit log).",
        body: staffSecondFactorInput,
        response: { 200: envelope(staffSecondFactorSetting) },
      },
    },
    async (request) => {
      await setStaffSecondFactorMode(app.db, staffOf(request), request.body.mode, fallback);
      return ok(
        { mode: await staffSecondFactorMode(app.db, fallback), defaultMode: fallback },
        MSG.secondFactorSettingSaved(request.body.mode === "required"),
      );
    },
  );

  app.get(
    "/admin/users/:userId/second-factors",
    {
      schema: {
        tags,
        description: "An account's factors and recovery codes left (never a key or secret).",
        params: staffFactorsParams,
        response: { 200: envelope(staffFactors) },
      },
    },
    async (request) => ok(await factors.factorsOfAccount(app.db, request.params.userId), MSG.factorsOfStaff),
  );

  app.post(
    "/admin/users/:userId/second-factors/reset",
    {
      schema: {
        tags,
        description:
          "Removes another account's factors and recovery codes and signs it out everywhere (a lost phone); in the audit log.",
        params: staffFactorsParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await factors.resetFactors(app.db, staffOf(request), request.params.userId);
      return ok(null, MSG.factorsReset);
    },
  );
};
