import { randomUUID } from "node:crypto";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { IMAGE_TYPES, IMAGE_WIDTHS, MSG, type UploadedImage } from "@shop/shared";
import { fileTypeFromBuffer } from "file-type";
import type { Sharp } from "sharp";
import { badRequest, payloadTooLarge } from "./errors.ts";

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
 * `<uploadsDir>/images/<id>/<width>.webp`. The files appear all at once (written to a
 * temporary folder, then renamed), so a failure leaves nothing half-written.
 */
export async function storeProductImage(uploadsDir: string, bytes: Buffer, maxBytes: number): Promise<UploadedImage> {
  await assertImage(bytes, maxBytes);
  const id = randomUUID();
  const root = path.join(uploadsDir, "images");
  const tmp = path.join(root, `.tmp-${id}`);
  await mkdir(tmp, { recursive: true });
  try {
    const source = (await image(bytes)).rotate();
    await Promise.all(
      Object.values(IMAGE_WIDTHS).map((width) =>
        source
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: QUALITY[width] ?? 78, effort: 4 })
          .toFile(path.join(tmp, `${width}.webp`)),
      ),
    );
    await rename(tmp, path.join(root, id));
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
  const sizes = Object.values(IMAGE_WIDTHS).map((width) => ({ width, url: `/uploads/images/${id}/${width}.webp` }));
  return { url: `/uploads/images/${id}/${IMAGE_WIDTHS.detail}.webp`, sizes };
}

/** Stores a square profile picture; returns its URL. */
export async function storeAvatar(uploadsDir: string, bytes: Buffer, maxBytes: number): Promise<string> {
  await assertImage(bytes, maxBytes);
  const dir = path.join(uploadsDir, "avatars");
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.webp`;
  await (await image(bytes))
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
    .webp({ quality: 78 })
    .toFile(path.join(dir, name));
  return `/uploads/avatars/${name}`;
}

/** Removes a stored upload given its URL; used to undo a write whose database step failed. */
export async function removeUpload(uploadsDir: string, url: string): Promise<void> {
  const relative = url.replace(/^\/uploads\//, "");
  if (relative === url || relative.includes("..")) return;
  await rm(path.join(uploadsDir, relative), { force: true });
}

/** Decodes a `data:image/...;base64,...` URL; null when it is not one. */
export function decodeDataUrl(dataUrl: string): Buffer | null {
  const match = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  return match?.[1] ? Buffer.from(match[1], "base64") : null;
}
