import {
  envelope,
  FIELD_MSG,
  MSG,
  privacyNotice as privacyNoticeSchema,
  privacyRequestInput,
  privacyRequestReceipt,
  stopPromotionsInput,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { AppError } from "../../lib/errors.ts";
import { privacyNotice } from "./notice.service.ts";
import { objectionKeys, stopByToken } from "./objections.service.ts";
import { askAsGuest } from "./requests.service.ts";

const dayOf = (d: Date) =>
  new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "Africa/Douala" }).format(d);

/**
 * What anyone may ask without an account (decisions 041, 043): stop the shop's promotions from a
 * message's link, ask about their data with an order's reference and number, read how the shop
 * treats personal data.
 */
export const privacyPublicRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const keys = objectionKeys(config.token.secret, config.publicUrl);
  // As the status page: a reference and a number are tried no faster there than here.
  const asked = { max: config.orderStatusRateLimit.max, timeWindow: config.orderStatusRateLimit.windowMs };

  app.post(
    "/stop-promotions",
    {
      config: { rateLimit: asked },
      schema: {
        tags: ["privacy"],
        description:
          "The one-tap link of a promotion or reminder: its token stops every such message to the contact it was sent to (messages about the person's orders continue).",
        body: stopPromotionsInput,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      if (!(await stopByToken(app.db, keys, request.body.token))) throw new AppError(400, FIELD_MSG.stopLinkInvalid);
      return ok(null, MSG.promotionsStopped);
    },
  );

  app.post(
    "/privacy-requests",
    {
      config: { rateLimit: asked },
      schema: {
        tags: ["privacy"],
        description:
          "A customer without an account asks for a copy, a correction, an erasure or an end to promotions, with an order's reference and the number it was placed with (404 when they do not match). 200 when the same request already waits.",
        body: privacyRequestInput,
        response: { 200: envelope(privacyRequestReceipt), 201: envelope(privacyRequestReceipt) },
      },
    },
    async (request, reply) => {
      const { request: saved, existing } = await askAsGuest(app.db, request.body);
      const receipt = {
        _id: saved.id,
        kind: saved.kind,
        createdAt: saved.createdAt.toISOString(),
        dueAt: saved.dueAt.toISOString(),
      };
      const due = dayOf(saved.dueAt);
      return reply
        .status(existing ? 200 : 201)
        .send(ok(receipt, existing ? MSG.privacyRequestAlready(due) : MSG.privacyRequestReceived(due)));
    },
  );

  app.get(
    "/privacy-notice",
    {
      schema: {
        tags: ["privacy"],
        description:
          "'Confidentialité' as data: the controller, the register's purposes and bases, the retention settings, the outside services in use, the authority.",
        response: { 200: envelope(privacyNoticeSchema) },
      },
    },
    async () => ok(await privacyNotice(app.db, config), MSG.privacyNoticeListed),
  );
};
