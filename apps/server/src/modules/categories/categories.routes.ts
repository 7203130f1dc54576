import {
  adminCategory,
  categoryCreateInput,
  categoryEntry,
  categoryOrderInput,
  categoryParams,
  categoryUpdateInput,
  envelope,
  MSG,
} from "@shop/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope.ts";
import { forbidden } from "../../lib/errors.ts";
import { storedImageUrl } from "../../lib/public-url.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import { toApiAdminCategory, toApiCategory } from "./categories.mapper.ts";
import * as service from "./categories.service.ts";

/** The storefront's categories (decision 046): cached with the catalogue. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/categories",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        description: "The shown categories, in the storefront's order.",
        response: { 200: envelope(z.array(categoryEntry)) },
      },
    },
    async (request) =>
      ok(
        (await service.shownCategories(app.db)).map((c) => toApiCategory(c, request.imageOrigin)),
        MSG.categoriesListed,
      ),
  );
};

/** The back-office's 'Catégories' page: every admin reads it, the SUPERADMIN alone changes it. */
export const adminCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));
  app.addHook("preHandler", async (request) => {
    if (request.method !== "GET" && request.user?.role !== "SUPERADMIN") throw forbidden(MSG.categoriesSuperAdminOnly);
  });
  // A category's name and order are on every storefront page: the caches forget them at once.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && reply.statusCode < 300) await app.catalogueChanged();
    return payload;
  });
  const answer = envelope(adminCategory);
  const stored = (request: FastifyRequest, image: string | null | undefined) =>
    image ? storedImageUrl(image, request.ownOrigins) : image;

  app.get(
    "/admin/categories",
    {
      schema: {
        tags: ["admin"],
        description: "Every category, hidden ones too, in the storefront's order, with how many products name it.",
        response: { 200: envelope(z.array(adminCategory)) },
      },
    },
    async (request) =>
      ok(
        (await service.adminCategories(app.db)).map((c) => toApiAdminCategory(c, request.imageOrigin)),
        MSG.categoriesListed,
      ),
  );

  app.post(
    "/admin/categories",
    {
      schema: {
        tags: ["admin"],
        description: "A new category, last in the order; its slug is made from its name when not given.",
        body: categoryCreateInput,
        response: { 201: answer },
      },
    },
    async (request, reply) => {
      const row = await service.createCategory(app.db, staffOf(request), {
        ...request.body,
        image: stored(request, request.body.image),
      });
      return reply.status(201).send(ok(toApiAdminCategory(row, request.imageOrigin), MSG.categorySaved));
    },
  );

  app.put(
    "/admin/categories/order",
    {
      schema: {
        tags: ["admin"],
        description: "The storefront's order of the categories: every category's id once.",
        body: categoryOrderInput,
        response: { 200: envelope(z.array(adminCategory)) },
      },
    },
    async (request) =>
      ok(
        (await service.reorderCategories(app.db, staffOf(request), request.body.ids)).map((c) =>
          toApiAdminCategory(c, request.imageOrigin),
        ),
        MSG.categoriesOrdered,
      ),
  );

  app.put(
    "/admin/categories/:id",
    {
      schema: {
        tags: ["admin"],
        description:
          "Renames (its products follow), changes its slug or picture, hides or shows it (a hidden category's products leave the storefront).",
        params: categoryParams,
        body: categoryUpdateInput,
        response: { 200: answer },
      },
    },
    async (request) => {
      const body = { ...request.body, image: stored(request, request.body.image) };
      const row = await service.updateCategory(app.db, staffOf(request), request.params.id, body);
      return ok(toApiAdminCategory(row, request.imageOrigin), MSG.categorySaved);
    },
  );

  app.delete(
    "/admin/categories/:id",
    {
      schema: {
        tags: ["admin"],
        description: "Refused (409) while products name it, hidden and archived ones included.",
        params: categoryParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.deleteCategory(app.db, staffOf(request), request.params.id);
      return ok(null, MSG.categoryDeleted);
    },
  );
};
