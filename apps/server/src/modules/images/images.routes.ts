import { envelope, IMAGE_MAX_BYTES, MSG, uploadedImage } from "@shop/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { badRequest } from "../../lib/errors.ts";
import { storeProductImage } from "../../lib/images.ts";
import { absolute } from "../../lib/public-url.ts";
import { requireAdmin } from "../../plugins/auth.ts";

/** Product photos, uploaded by admins (multipart, one file a request), stored as WebP sizes. */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireAdmin(app));

  app.post(
    "/upload-image",
    { schema: { tags: ["products"], consumes: ["multipart/form-data"], response: { 201: envelope(uploadedImage) } } },
    async (request, reply) => {
      const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest(MSG.imageMissing);
      const bytes = await file.toBuffer(); // throws a 413 past IMAGE_MAX_BYTES
      const stored = await storeProductImage(app.files, bytes, IMAGE_MAX_BYTES);
      // Absolute like every image URL the API answers; sent back in a product, it is stored as its path.
      const url = (path: string) => absolute(path, request.imageOrigin);
      const answer = { url: url(stored.url), sizes: stored.sizes.map((s) => ({ width: s.width, url: url(s.url) })) };
      return reply.status(201).send(ok(answer, MSG.imageUploaded));
    },
  );
};
