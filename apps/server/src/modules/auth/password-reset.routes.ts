import {
  durationInWords,
  envelope,
  forgotPasswordInput,
  MSG,
  passwordResetWhatsappMessage,
  resetLink,
  resetPasswordInput,
  whatsappLink,
  whatsappShareLink,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { createMailer } from "../../lib/mailer.ts";
import { requestOrigin } from "../../lib/public-url.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { makeWhatsappReset, requestEmailReset, resetPassword } from "./password-reset.service.ts";

/** A forgotten password (decision 032): by e-mail when SMTP is set, by an admin's WhatsApp link. */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const mailer = await createMailer(config.smtp, config.shop.name);
  app.addHook("onClose", async () => mailer?.close());
  const rateLimit = { max: config.contactRateLimit.max, timeWindow: config.contactRateLimit.windowMs };
  const { ttlSeconds } = config.passwordReset;
  const lifetime = durationInWords(ttlSeconds);
  /**
   * The link to send. By e-mail, always under PUBLIC_URL (config.ts requires it with SMTP_URL):
   * never an address a request names. The admin's WhatsApp link may use the admin's own origin.
   */
  const linkTo = (origin: string | null, token: string) =>
    `${config.publicUrl ?? origin ?? ""}/reset-password?token=${token}`;

  app.post(
    "/forgot-password",
    {
      config: { rateLimit },
      schema: {
        tags: ["auth"],
        description:
          "Sends a one-time link (PASSWORD_RESET_TTL_SECONDS, 30 minutes by default) to the account with this e-mail, when SMTP is configured. The answer is the same whether the account exists or not.",
        body: forgotPasswordInput,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      if (mailer) {
        const asked = await requestEmailReset(app.db, request.body.email, ttlSeconds);
        if (asked) {
          const url = linkTo(null, asked.token);
          // Sent after the answer: how long the mail server takes tells nothing either.
          mailer
            .send({
              to: asked.user.email,
              subject: `Votre mot de passe sur ${config.shop.name}`,
              text:
                `Bonjour ${asked.user.name},\n\n` +
                `Pour choisir un nouveau mot de passe sur ${config.shop.name}, ouvrez ce lien (valable ${lifetime}, une seule fois) :\n${url}\n\n` +
                "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe ne change pas.\n\n" +
                `${config.shop.name} — WhatsApp +${config.shop.whatsapp}\n`,
            })
            .catch((err: unknown) => request.log.error({ err }, "password reset e-mail not sent"));
        }
      }
      return ok(null, MSG.resetRequested(ttlSeconds));
    },
  );

  app.post(
    "/reset-password",
    {
      config: { rateLimit },
      schema: { tags: ["auth"], body: resetPasswordInput, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await resetPassword(app.db, request.body.token, request.body.password);
      return ok(null, MSG.passwordReset);
    },
  );

  app.post(
    "/admin/users/:id/reset-link",
    {
      onRequest: requireAdmin(app),
      schema: {
        tags: ["users"],
        description:
          "A one-time link (PASSWORD_RESET_TTL_SECONDS, 30 minutes by default) for a customer (ADMIN) or an ADMIN (SUPERADMIN) to choose a new password, with the WhatsApp message ready.",
        params: z.object({ id: z.uuid() }),
        response: { 201: envelope(resetLink) },
      },
    },
    async (request, reply) => {
      const made = await makeWhatsappReset(app.db, staffOf(request), request.params.id, ttlSeconds);
      const url = linkTo(requestOrigin(request), made.token);
      const text = passwordResetWhatsappMessage(config.shop.name, made.user.name, url, ttlSeconds);
      const phone = made.phone?.replace(/\D/g, "");
      return reply.status(201).send(
        ok(
          {
            url,
            expiresAt: made.expiresAt.toISOString(),
            whatsappUrl: phone ? whatsappLink(phone, text) : whatsappShareLink(text),
          },
          MSG.resetLinkMade(ttlSeconds),
        ),
      );
    },
  );
};
