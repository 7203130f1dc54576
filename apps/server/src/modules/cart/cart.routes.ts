import { addToCartInput, type CartLine, cartLine, deleteCartInput, envelope, MSG, updateCartInput } from "@shop/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope.ts";
import { toApiProduct, toApiVariant } from "../products/products.mapper.ts";
import type { Sale } from "../promotions/sales.ts";
import * as service from "./cart.service.ts";

/**
 * A signed-in user's own cart: every route needs a token, and acts on that user's lines only.
 * The count, the view and a quantity change are made in the same statement as the session's
 * check (`inSession`, decision 036).
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authenticate;

  /** A line priced with the running `sales`, as the order will be (decision 051). */
  const toApi = (
    request: FastifyRequest,
    { line, product }: service.CartLineWithProduct,
    sales: readonly Sale[],
  ): CartLine => {
    const variant = product.variants.find((v) => v.id === line.variantId);
    if (!variant) throw new Error(`cart line ${line.id}: its variant is not among its product's`);
    return {
      _id: line.id,
      userId: line.userId,
      quantity: line.quantity,
      productId: toApiProduct(product, request.imageOrigin, sales),
      variant: toApiVariant(variant, product, request.imageOrigin, sales),
      createdAt: line.createdAt.toISOString(),
      updatedAt: line.updatedAt.toISOString(),
    };
  };

  app.post(
    "/addtocart",
    { onRequest, schema: { tags: ["cart"], body: addToCartInput, response: { 201: envelope(cartLine) } } },
    async (request, reply) => {
      const added = await service.addToCart(app.db, request.user!.id, request.body.productId, request.body.variantId);
      return reply.status(201).send(ok(toApi(request, added, await app.runningSales()), MSG.cartAdded));
    },
  );

  app.get(
    "/countAddToCartProduct",
    { schema: { tags: ["cart"], response: { 200: envelope(z.object({ count: z.number() })) } } },
    async (request) =>
      ok({ count: await app.inSession(request, (session) => service.countCartLines(app.db, session)) }),
  );

  app.get(
    "/view-card-product",
    { schema: { tags: ["cart"], response: { 200: envelope(z.array(cartLine)) } } },
    async (request) => {
      const [lines, sales] = await Promise.all([
        app.inSession(request, (session) => service.viewCart(app.db, session)),
        app.runningSales(),
      ]);
      return ok(lines.map((l) => toApi(request, l, sales)));
    },
  );

  app.post(
    "/update-cart-product",
    {
      onRequest: app.carriesToken,
      schema: { tags: ["cart"], body: updateCartInput, response: { 200: envelope(cartLine) } },
    },
    async (request) => {
      const { _id, quantity } = request.body;
      const changed = await app.inSession(request, (session) => service.setQuantity(app.db, session, _id, quantity));
      return ok(toApi(request, changed, await app.runningSales()), MSG.cartUpdated);
    },
  );

  app.post(
    "/delete-cart-product",
    { onRequest, schema: { tags: ["cart"], body: deleteCartInput, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await service.removeLine(app.db, request.user!.id, request.body._id);
      return ok(null, MSG.cartDeleted);
    },
  );
};
