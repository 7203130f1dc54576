import { randomUUID } from "node:crypto";
import { IMAGE_TYPES, IMAGE_WIDTHS, MSG, type UploadedImage } from "@shop/shared";
import { fileTypeFromBuffer } from "file-type";
import type { Sharp } from "sharp";
import { badRequest, payloadTooLarge } from "./errors.ts";
import { type FileStorage, uploadKey } from "./storage.ts";

/** Refuse decompression bombs: 50 megapixels is far beyond any phone photo. */
const MAX_PIXELS = 50_000_000;
const QUALITY: Record<number, number> = { [IMAGE_WIDTHS.card]: 70, [IMAGE_WIDTHS.detail]: 78, [IMAGE_WIDTHS.zoom]: 80 };
const AVATAR_SIZE = 256;

let loaded: Promise<typeof import("sharp")> | undefined;

/**
 * The image library, loaded on the first photo rather than at start (libvips is ~19 MB of the
 * process's memory, and most app servers' hours see no upload), with its operation cache off
 * (libvips keeps up to 50 MB of past results; an upload is rarely processed twice).
 */
async function image(bytes: Buffer): Promise<Sharp> {
  loaded ??= import("sharp").then((module) => {
    module.default.cache(false);
    return module;
  });
  const { default: sharp } = await loaded;
  return sharp(bytes, { limitInputPixels: MAX_PIXELS });
}

/**
 * Checks that the bytes are a JPEG, PNG, WebP or AVIF image, judged by their content (the
 * file name and the declared type are ignored), and that the image really decodes.
 */
export async function assertImage(bytes: Buffer, maxBytes: number): Promise<void> {
  if (bytes.length > maxBytes) throw payloadTooLarge(MSG.imageTooLarge);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) throw badRequest(MSG.imageInvalid);
  const decoder = await image(bytes);
  try {
    const meta = await decoder.metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
  } catch {
    throw badRequest(MSG.imageInvalid);
  }
}

/**
 * Stores a product image as WebP at every width of IMAGE_WIDTHS under
 * `uploads/images/<id>/<width>.webp`. Its URL is given only once every size is stored, and a
 * failure removes the sizes already written: nothing half-written stays.
 */
export async function storeProductImage(files: FileStorage, bytes: Buffer, maxBytes: number): Promise<UploadedImage> {
  await assertImage(bytes, maxBytes);
  const id = randomUUID();
  const keys = Object.values(IMAGE_WIDTHS).map((width) => ({ width, key: `uploads/images/${id}/${width}.webp` }));
  const source = (await image(bytes)).rotate();
  try {
    await Promise.all(
      keys.map(async ({ width, key }) => {
        const webp = await source
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: QUALITY[width] ?? 78, effort: 4 })
          .toBuffer();
        await files.put(key, webp, "image/webp");
      }),
    );
  } catch (error) {
    await files.remove(keys.map((k) => k.key)).catch(() => {});
    throw error;
  }
  const sizes = keys.map(({ width, key }) => ({ width, url: `/${key}` }));
  return { url: `/uploads/images/${id}/${IMAGE_WIDTHS.detail}.webp`, sizes };
}

/** Stores a square profile picture; returns its URL. */
export async function storeAvatar(files: FileStorage, bytes: Buffer, maxBytes: number): Promise<string> {
  await assertImage(bytes, maxBytes);
  const key = `uploads/avatars/${randomUUID()}.webp`;
  const webp = await (await image(bytes))
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
    .webp({ quality: 78 })
    .toBuffer();
  await files.put(key, webp, "image/webp");
  return `/${key}`;
}

/** Every size's key of a product image, given the URL of any of them; none for another URL. */
export function productImageKeys(url: string): string[] {
  const id = /^\/uploads\/images\/([\w-]+)\/\d+\.webp$/.exec(url)?.[1];
  return id ? Object.values(IMAGE_WIDTHS).map((width) => `uploads/images/${id}/${width}.webp`) : [];
}

/** Removes a stored upload given its URL; used to undo a write whose database step failed. */
export async function removeUpload(files: FileStorage, url: string): Promise<void> {
  const key = uploadKey(url);
  if (key) await files.remove([key]);
}

/** Decodes a `data:image/...;base64,...` URL; null when it is not one. */
export function decodeDataUrl(dataUrl: string): Buffer | null {
  const match = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  return match?.[1] ? Buffer.from(match[1], "base64") : null;
}
