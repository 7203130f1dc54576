import { IMAGE_WIDTHS } from "./constants.ts";

const OWN_IMAGE = /^(.*\/uploads\/images\/[\w-]+\/)(\d+)\.webp$/;

/** The stored widths of an image uploaded to this shop; an outside URL has only itself. */
export function imageSources(url: string): { width: number; url: string }[] {
  const match = OWN_IMAGE.exec(url);
  if (!match) return [];
  return Object.values(IMAGE_WIDTHS).map((width) => ({ width, url: `${match[1]}${width}.webp` }));
}

/** A srcset attribute for an image, or undefined for an outside URL. */
export function imageSrcSet(url: string): string | undefined {
  const sources = imageSources(url);
  return sources.length ? sources.map((s) => `${s.url} ${s.width}w`).join(", ") : undefined;
}
