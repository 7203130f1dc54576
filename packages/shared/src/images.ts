import { IMAGE_WIDTHS } from "./constants.ts";

const OWN_IMAGE = /^(.*\/uploads\/images\/[\w-]+\/)(\d+)\.webp$/;

/** The stored widths of an image uploaded to this shop; an outside URL has only itself. */
export function imageSources(url: string): { width: number; url: string }[] {
  const match = OWN_IMAGE.exec(url);
  if (!match) return [];
  return Object.values(IMAGE_WIDTHS).map((width) => ({ width, url: `${match[1]}${width}.webp` }));
}

/** A srcset of the stored widths from `min` to `max` (all by default), or undefined for an outside URL. */
export function imageSrcSet(url: string, min = 0, max = Number.POSITIVE_INFINITY): string | undefined {
  const sources = imageSources(url).filter((s) => s.width >= min && s.width <= max);
  return sources.length ? sources.map((s) => `${s.url} ${s.width}w`).join(", ") : undefined;
}

/** The stored file of one width; an outside image has only its own URL. */
export function imageAt(url: string, width: number): string {
  return imageSources(url).find((s) => s.width === width)?.url ?? url;
}
