import { contactInput, envelope, MSG } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ok } from "../../lib/envelope.ts";
import { saveContactMessage } from "./contact.service.ts";

/** The contact page's form: open to visitors, so limited per address against floods. */
export const contactRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const rateLimit = { max: config.contactRateLimit.max, timeWindow: config.contactRateLimit.windowMs };

  app.post(
    "/contact",
    {
      config: { rateLimit },
      schema: { tags: ["contact"], body: contactInput, response: { 201: envelope(z.null()) } },
    },
    async (request, reply) => {
      await saveContactMessage(app.db, request.body);
      app.notifyAdmins({
        title: "Nouveau message",
        body: `${request.body.name} : ${request.body.subject}`,
        url: "/admin-panel/messages",
        tag: "contact-message",
      });
      return reply.status(201).send(ok(null, MSG.contactSent));
    },
  );
};
