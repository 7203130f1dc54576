import { mkdir } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type FileStorage, LocalStorage, type StorageConfig, typeOfKey, uploadKey } from "../lib/storage.ts";

const YEAR_SECONDS = 365 * 24 * 3600;
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;

declare module "fastify" {
  interface FastifyInstance {
    /** The shop's files: DATA_DIR or an S3-compatible bucket (lib/storage.ts, decision 031). */
    files: FileStorage;
  }
}

/**
 * The file storage the configuration names (decision 031), for the app and for the command-line
 * tools (seed, backup, files): DATA_DIR, or an S3-compatible bucket.
 */
export async function openStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.kind === "local") return new LocalStorage(config.dir);
  // Loaded only when configured: the SDK is several MB of code a one-server shop never needs.
  const { S3Storage } = await import("../lib/s3-storage.ts");
  return new S3Storage(config);
}

/**
 * Opens the file storage and serves its public part under `/uploads/`: from DATA_DIR as static
 * files, or read from the bucket, with a year's cache headers either way (a new upload always
 * gets a new name). Private files are only ever sent by the admins' routes.
 */
export const filesPlugin = fp(async (app: FastifyInstance, opts: { storage: StorageConfig }) => {
  const files = await openStorage(opts.storage);
  app.decorate("files", files);
  app.addHook("onClose", () => files.close());

  if (opts.storage.kind === "local") {
    const root = path.join(opts.storage.dir, "uploads");
    await mkdir(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: "/uploads/",
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
      dotfiles: "deny",
      index: false,
      decorateReply: false,
    });
    return;
  }

  app.get("/uploads/*", { schema: { hide: true } }, async (request, reply) => {
    const key = uploadKey(request.url.split("?")[0] ?? "");
    const file = key ? await files.get(key) : null;
    if (!file) return reply.callNotFound();
    const etag = file.etag ?? null;
    if (etag && request.headers["if-none-match"] === etag) {
      file.body.destroy();
      return reply.code(304).headers({ etag, "cache-control": IMMUTABLE }).send();
    }
    return reply
      .type(file.contentType ?? typeOfKey(key ?? ""))
      .headers({ "content-length": file.size, "cache-control": IMMUTABLE, ...(etag ? { etag } : {}) })
      .send(file.body);
  });
});
