import { envelope, MSG, pagedEnvelope, pageQuery, productIdInput, review, reviewInput } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, okPage } from "../../lib/envelope.ts";
import { toApiReview } from "./reviews.mapper.ts";
import * as service from "./reviews.service.ts";

const toApi = ({ row, userName }: service.ReviewWithAuthor) => toApiReview(row, userName);

/** Customers' stars and comments: written by signed-in customers, read by everyone. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/reviews",
    {
      onRequest: app.authenticate,
      schema: { tags: ["reviews"], body: reviewInput, response: { 200: envelope(review) } },
    },
    async (request) => {
      const saved = await service.saveReview(app.db, request.user!, request.body);
      // The product page's cached rating (and this list) must show the new stars at once.
      await app.catalogueChanged();
      return ok(toApi(saved), MSG.reviewSaved);
    },
  );

  app.post(
    "/product-reviews",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["reviews"],
        body: productIdInput,
        querystring: pageQuery,
        response: { 200: pagedEnvelope(review) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await service.reviewsOf(app.db, request.body.productId, request.query);
      return okPage(rows.map(toApi), { page, limit, total }, MSG.reviewsListed);
    },
  );
};
