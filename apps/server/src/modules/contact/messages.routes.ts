import {
  adminMessagesQuery,
  contactMessage,
  envelope,
  MSG,
  messageParams,
  messageReadInput,
  pagedEnvelope,
} from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, okPage } from "../../lib/envelope.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { toApiContactMessage } from "./contact.mapper.ts";
import { listMessages, markMessage } from "./contact.service.ts";

/** The contact form's messages in the back-office (decision 018): ADMIN and SUPERADMIN only. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));

  app.get(
    "/admin/messages",
    {
      schema: {
        tags: ["admin"],
        description: "The contact form's messages, newest first; `unread=true` for the unread ones only.",
        querystring: adminMessagesQuery,
        response: { 200: pagedEnvelope(contactMessage) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listMessages(app.db, request.query);
      return okPage(rows.map(toApiContactMessage), { page, limit, total }, MSG.messagesListed);
    },
  );

  app.post(
    "/admin/messages/:id/read",
    {
      schema: {
        tags: ["admin"],
        params: messageParams,
        body: messageReadInput,
        response: { 200: envelope(contactMessage) },
      },
    },
    async (request) => {
      const row = await markMessage(app.db, staffOf(request), request.params.id, request.body.read);
      return ok(toApiContactMessage(row), request.body.read ? MSG.messageMarkedRead : MSG.messageMarkedUnread);
    },
  );
};
