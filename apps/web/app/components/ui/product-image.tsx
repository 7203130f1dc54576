import { IMAGE_WIDTHS, imageAt, imageSrcSet } from "@shop/shared/core";

/**
 * A product photo from the stored WebP widths: width and height always set (no layout
 * shift), `priority` for the largest image of the first screen, lazy otherwise.
 */
export function ProductImage({
  url,
  alt,
  size,
  sizes,
  priority = false,
  className,
}: {
  url: string;
  alt: string;
  /** The intrinsic square size the browser reserves before the image arrives. */
  size: number;
  /** The srcset's `sizes`; without it the narrowest stored width is used alone (thumbnails). */
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  const src = sizes ? url : imageAt(url, IMAGE_WIDTHS.card);
  return (
    <img
      src={src}
      srcSet={sizes ? imageSrcSet(url) : undefined}
      sizes={sizes}
      width={size}
      height={size}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}
