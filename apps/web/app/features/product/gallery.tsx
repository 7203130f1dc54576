import { IMAGE_WIDTHS, imageAt, imageSrcSet } from "@shop/shared/core";
import { type MouseEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { ProductImage } from "../../components/ui/product-image";
import { ImagePreview } from "./image-preview";

/** Where a mouse hovers a large screen: the only place the zoom is offered. */
const ZOOM_MEDIA = "(hover: hover) and (pointer: fine) and (min-width: 1024px)";
const ZOOM_SCALE = 2.5;

/**
 * The main photo. Its srcset stops at 800 px: a phone never downloads the 1600 px file. On a
 * large screen with a mouse, hovering shows that 1600 px file magnified around the pointer;
 * it is requested at the first hover only. A click (or a tap) opens the preview.
 */
function MainImage({ url, alt, onOpen }: { url: string; alt: string; onOpen(event: MouseEvent<HTMLElement>): void }) {
  // The photo whose zoom was asked for; switching photos forgets it until the next hover.
  const [zoomOf, setZoomOf] = useState<string | null>(null);
  const [loadedZoom, setLoadedZoom] = useState<string | null>(null);
  const [hovering, setHovering] = useState(false);
  const lens = useRef<HTMLImageElement>(null);

  function aim(event: PointerEvent<HTMLElement>) {
    if (!lens.current) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.min(Math.max(((event.clientX - box.left) / box.width) * 100, 0), 100);
    const y = Math.min(Math.max(((event.clientY - box.top) / box.height) * 100, 0), 100);
    lens.current.style.transformOrigin = `${x}% ${y}%`;
  }

  function enter(event: PointerEvent<HTMLElement>) {
    if (event.pointerType !== "mouse" || !window.matchMedia(ZOOM_MEDIA).matches) return;
    setZoomOf(url);
    setHovering(true);
    aim(event);
  }

  const zooming = hovering && zoomOf === url && loadedZoom === url;
  return (
    // A link to the photo itself: before the scripts run it shows the photo large, as the preview does after.
    <a
      href={imageAt(url, IMAGE_WIDTHS.detail)}
      aria-label="Agrandir l'image"
      onClick={(event) => {
        event.preventDefault();
        onOpen(event);
      }}
      onPointerEnter={enter}
      onPointerMove={(event) => {
        if (hovering) aim(event);
      }}
      onPointerLeave={() => setHovering(false)}
      className="relative block aspect-square w-full overflow-hidden rounded-lg bg-white ring-1 ring-slate-200 lg:cursor-zoom-in"
    >
      <img
        src={imageAt(url, IMAGE_WIDTHS.detail)}
        srcSet={imageSrcSet(url, IMAGE_WIDTHS.card, IMAGE_WIDTHS.detail)}
        sizes="(min-width: 1024px) 560px, 100vw"
        width={800}
        height={800}
        alt={alt}
        loading="eager"
        fetchPriority="high"
        decoding="async"
        className="h-full w-full object-contain p-4"
      />
      {zoomOf === url && (
        <img
          ref={lens}
          src={imageAt(url, IMAGE_WIDTHS.zoom)}
          width={1600}
          height={1600}
          alt=""
          data-zoom=""
          decoding="async"
          onLoad={() => setLoadedZoom(url)}
          style={{ transform: `scale(${ZOOM_SCALE})` }}
          className={`pointer-events-none absolute inset-0 h-full w-full bg-white object-contain p-4 transition-opacity ${zooming ? "opacity-100" : "opacity-0"}`}
        />
      )}
    </a>
  );
}

/**
 * The product's photos: the main one, and below it one thumbnail per photo; a thumbnail
 * shows its photo and opens the preview, whose last photo stays the main one when it closes.
 * Before the scripts run, the main photo is a link to the photo itself and a thumbnail a link to
 * the page showing its photo (decision 027, "The first tap").
 */
export function Gallery({
  images,
  alt,
  first = 0,
  photoHref = (index) => imageAt(images[index] ?? "", IMAGE_WIDTHS.detail),
}: {
  images: readonly string[];
  alt: string;
  /** The photo shown first (the page's `?photo=`, which a thumbnail leads to without scripts). */
  first?: number;
  /** Where a thumbnail leads before the scripts run: the page showing that photo, or the photo itself. */
  photoHref?: (index: number) => string;
}) {
  const [current, setCurrent] = useState(first >= 0 && first < images.length ? first : 0);
  const [preview, setPreview] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const main = images[current] ?? images[0];

  // Back to what opened the preview once the dialog has gone (while open, the page is inert).
  useEffect(() => {
    if (preview === null && opener.current) {
      opener.current.focus();
      opener.current = null;
    }
  }, [preview]);

  function open(index: number, event: MouseEvent<HTMLElement>) {
    opener.current = event.currentTarget;
    setCurrent(index);
    setPreview(index);
  }

  return (
    <div>
      {main ? (
        <MainImage url={main} alt={alt} onOpen={(event) => open(current, event)} />
      ) : (
        <div className="aspect-square rounded-lg bg-white ring-1 ring-slate-200" />
      )}
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto p-1" aria-label="Photos du produit">
          {images.map((url, i) => (
            <li key={url} className="shrink-0">
              <a
                href={photoHref(i)}
                onClick={(event) => {
                  event.preventDefault();
                  open(i, event);
                }}
                aria-label={`Voir l'image ${i + 1} de ${images.length}`}
                aria-current={i === current ? "true" : undefined}
                className={`block h-16 w-16 overflow-hidden rounded-md bg-white ring-2 ${i === current ? "ring-brand" : "ring-slate-200"}`}
              >
                <ProductImage url={url} alt="" size={64} className="h-full w-full object-contain" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {preview !== null && (
        <ImagePreview
          images={images}
          index={preview}
          alt={alt}
          onIndexChange={(index) => {
            setPreview(index);
            setCurrent(index);
          }}
          onClose={() => setPreview(null)}
        />
      )}
    </div>
  );
}
