import { imageSources } from "@shop/shared/core";

/** The stored width `width` of one of our images; an outside image has only its own URL. */
export function imageAt(url: string, width: number): string {
  return imageSources(url).find((s) => s.width === width)?.url ?? url;
}

/** A srcset of the stored widths from `min` to `max` (undefined for an outside image). */
export function srcSetBetween(url: string, min: number, max: number): string | undefined {
  const sources = imageSources(url).filter((s) => s.width >= min && s.width <= max);
  return sources.length ? sources.map((s) => `${s.url} ${s.width}w`).join(", ") : undefined;
}
