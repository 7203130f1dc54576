import {
  adminProductsQuery,
  bulkPreview,
  bulkProductsInput,
  bulkResult,
  categoryInput,
  deleteProductInput,
  deleteProductResult,
  envelope,
  filterInput,
  filterQuery,
  MSG,
  pagedEnvelope,
  pageQuery,
  product,
  productCreateInput,
  productDetails,
  productIdInput,
  productIdParams,
  productUpdateInput,
  productVariantsInput,
  searchQuery,
} from "@shop/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, okPage } from "../../lib/envelope.ts";
import { storedImageUrl } from "../../lib/public-url.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { staffOf } from "../audit/audit.actor.ts";
import type { Sale } from "../promotions/sales.ts";
import { adminBrands, adminProducts } from "./admin-products.service.ts";
import { applyBulk, previewBulk } from "./bulk.service.ts";
import { NO_SALES, toApiProduct, toApiProductDetails } from "./products.mapper.ts";
import type { Page } from "./products.service.ts";
import * as service from "./products.service.ts";
import * as variants from "./variants.service.ts";

const productList = pagedEnvelope(product);

/** A page of products as every list answers it, priced with the running `sales` (decision 051). */
const paged = (request: FastifyRequest, result: Page, query: z.infer<typeof pageQuery>, sales: readonly Sale[]) =>
  okPage(
    result.rows.map((r) => toApiProduct(r, request.imageOrigin, sales)),
    { page: query.page, limit: query.limit, total: result.total },
    MSG.productsListed,
  );

/** Catalogue reads: no token needed. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/get-product",
    {
      config: { catalogueCache: true },
      onRequest: app.identifyAdmin,
      schema: { tags: ["catalogue"], querystring: pageQuery, response: { 200: productList } },
    },
    // The staff read the usual prices here: the original back-office edits what this list answers.
    async (request) =>
      paged(
        request,
        await service.listProducts(app.db, request.user, request.query),
        request.query,
        request.user ? NO_SALES : await app.runningSales(),
      ),
  );

  app.get(
    "/get-categoryProduct",
    {
      config: { catalogueCache: true },
      schema: { tags: ["catalogue"], response: { 200: envelope(z.array(product)) } },
    },
    async (request) => {
      const sales = await app.runningSales();
      return ok(
        (await service.categoryHighlights(app.db)).map((r) => toApiProduct(r, request.imageOrigin, sales)),
        MSG.productsListed,
      );
    },
  );

  app.post(
    "/category-product",
    {
      config: { catalogueCache: true },
      schema: { tags: ["catalogue"], body: categoryInput, querystring: pageQuery, response: { 200: productList } },
    },
    async (request) =>
      paged(
        request,
        await service.productsOfCategory(app.db, request.body.category, request.query),
        request.query,
        await app.runningSales(),
      ),
  );

  app.post(
    "/filter-product",
    {
      config: { catalogueCache: true },
      schema: { tags: ["catalogue"], body: filterInput, querystring: filterQuery, response: { 200: productList } },
    },
    async (request) =>
      paged(
        request,
        await service.productsOfCategories(app.db, request.body.category, request.query),
        request.query,
        await app.runningSales(),
      ),
  );

  // Cached like every catalogue read, rating included: whatever writes a review (as
  // reviews.routes.ts does) must call `app.catalogueChanged()` once the write is done, as the product writes
  // below do, or the page keeps showing the old rating until the cache's TTL.
  app.post(
    "/product-details",
    {
      config: { catalogueCache: true },
      schema: { tags: ["catalogue"], body: productIdInput, response: { 200: envelope(productDetails) } },
    },
    async (request) => {
      const { row, rating } = await service.productWithRating(app.db, request.body.productId, { onSaleOnly: true });
      return ok(toApiProductDetails(row, rating, request.imageOrigin, await app.runningSales()));
    },
  );

  app.get(
    "/search",
    {
      config: { catalogueCache: true },
      schema: { tags: ["catalogue"], querystring: searchQuery.extend(pageQuery.shape), response: { 200: productList } },
    },
    async (request) =>
      paged(
        request,
        await service.searchProducts(app.db, request.query.q, request.query),
        request.query,
        await app.runningSales(),
      ),
  );
};

/** Our own images come back as the absolute URLs answers gave: they are stored as paths (lib/public-url.ts). */
function withStoredImages<T extends { productImage?: string[]; images?: string[] }>(
  request: FastifyRequest,
  body: T,
): T {
  const stored = (urls: string[]) => urls.map((url) => storedImageUrl(url, request.ownOrigins));
  return {
    ...body,
    ...(body.productImage ? { productImage: stored(body.productImage) } : {}),
    ...(body.images ? { images: stored(body.images) } : {}),
  };
}

/** Product management: ADMIN and SUPERADMIN only; ownership is checked by the service. */
export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));
  // Before the answer leaves, so the admin's next read already sees the change.
  app.addHook("onSend", async (request, reply, payload) => {
    const writes = request.method !== "GET" && !request.routeOptions.config.readsOnly;
    if (writes && reply.statusCode < 300) await app.catalogueChanged();
    return payload;
  });

  app.get(
    "/admin/products",
    {
      schema: {
        tags: ["products"],
        description:
          "'Gestion des Produits' (decision 044): the products the admin manages (all for a SUPERADMIN), searched as the storefront searches, filtered by category, brand, stock state and promotion, sorted; paged.",
        querystring: adminProductsQuery,
        response: { 200: productList },
      },
    },
    async (request) =>
      paged(request, await adminProducts(app.db, request.user!, request.query), request.query, NO_SALES),
  );

  app.get(
    "/admin/products/brands",
    {
      schema: {
        tags: ["products"],
        description: "The brands of the products the admin manages, for the grid's filter.",
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async (request) => ok(await adminBrands(app.db, request.user!), MSG.brandsListed),
  );

  app.get(
    "/admin/products/:id",
    {
      schema: {
        tags: ["products"],
        description:
          "One product the admin manages (any for a SUPERADMIN) with its variants, hidden or archived too: what the product form edits. The storefront's `/product-details` answers 404 for those (decision 046).",
        params: productIdParams,
        response: { 200: envelope(productDetails) },
      },
    },
    async (request) => {
      const { row, rating } = await service.managedProductWithRating(app.db, request.user!, request.params.id);
      return ok(toApiProductDetails(row, rating, request.imageOrigin, NO_SALES));
    },
  );

  app.post(
    "/admin/products/bulk/preview",
    {
      schema: {
        tags: ["products"],
        description:
          "A bulk change's preview (decision 048): how many products it names, a few as they are and would become. Nothing is written.",
        body: bulkProductsInput,
        response: { 200: envelope(bulkPreview) },
      },
      // Writes nothing: the catalogue caches keep their answers.
      config: { readsOnly: true },
    },
    async (request) => ok(await previewBulk(app.db, request.user!, request.body), MSG.bulkPreviewed),
  );

  app.post(
    "/admin/products/bulk",
    {
      schema: {
        tags: ["products"],
        description:
          "A bulk change (decision 048) on the products ticked (`ids`) or all that match the grid's filter (`filter`): price by a percentage or an amount, category, hide, show, stock, delete (archive when ordered). One transaction; one audit line per product.",
        body: bulkProductsInput,
        response: { 200: envelope(bulkResult) },
      },
    },
    async (request) => {
      const result = await applyBulk(app.db, staffOf(request), request.body);
      return ok(result, MSG.bulkApplied(result.count));
    },
  );

  app.post(
    "/upload-product",
    { schema: { tags: ["products"], body: productCreateInput, response: { 201: envelope(product) } } },
    async (request, reply) => {
      const row = await service.createProduct(app.db, staffOf(request), withStoredImages(request, request.body));
      return reply.status(201).send(ok(toApiProduct(row, request.imageOrigin, NO_SALES), MSG.productCreated));
    },
  );

  app.post(
    "/update-product",
    { schema: { tags: ["products"], body: productUpdateInput, response: { 200: envelope(product) } } },
    async (request) => {
      const row = await service.updateProduct(app.db, staffOf(request), withStoredImages(request, request.body));
      return ok(toApiProduct(row, request.imageOrigin, NO_SALES), MSG.productUpdated);
    },
  );

  app.post(
    "/admin/products/:id/variants",
    {
      schema: {
        tags: ["products"],
        description:
          "The product's options and every variant it sells (values, prices, stock or null for not tracked, photos). Variants are kept by `_id` or by their values; a count changed by an order since the form opened (`stockSeen`) refuses the save (409).",
        params: productIdParams,
        body: productVariantsInput,
        response: { 200: envelope(productDetails) },
      },
    },
    async (request) => {
      const body = { ...request.body, variants: request.body.variants.map((v) => withStoredImages(request, v)) };
      await variants.saveVariants(app.db, staffOf(request), request.params.id, body);
      const { row, rating } = await service.productWithRating(app.db, request.params.id);
      return ok(toApiProductDetails(row, rating, request.imageOrigin, NO_SALES), MSG.variantsSaved);
    },
  );

  app.post(
    "/admin/products/:id/duplicate",
    {
      schema: {
        tags: ["products"],
        description:
          "'Dupliquer' (decision 046): a hidden copy with the same fields, options and variants, and no stock, owned by the caller.",
        params: productIdParams,
        response: { 201: envelope(product) },
      },
    },
    async (request, reply) => {
      const row = await service.duplicateProduct(app.db, staffOf(request), request.params.id);
      return reply.status(201).send(ok(toApiProduct(row, request.imageOrigin, NO_SALES), MSG.productDuplicated));
    },
  );

  app.post(
    "/delete-product",
    {
      schema: {
        tags: ["products"],
        description:
          "Deletes the product; one that orders name is archived instead (decision 046): `data.archived` says which.",
        body: deleteProductInput,
        response: { 200: envelope(deleteProductResult) },
      },
    },
    async (request) => {
      const { archived } = await service.deleteProduct(app.db, staffOf(request), request.body._id);
      return ok({ archived }, archived ? MSG.productArchived : MSG.productDeleted);
    },
  );
};
