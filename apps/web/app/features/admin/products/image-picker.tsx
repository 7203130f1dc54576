import { IMAGE_WIDTHS, imageAt, MAX_PRODUCT_IMAGES } from "@shop/shared/core";
import { type ChangeEvent, useId } from "react";
import { ADMIN_TEXT } from "../admin-errors";
import type { ImageItem } from "./image-uploads";
import type { useImageUploads } from "./use-image-uploads";

const pickerButton =
  "inline-flex min-h-11 cursor-pointer items-center justify-center rounded-full border border-brand px-4 text-sm font-semibold text-brand hover:bg-brand hover:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand";
const smallButton =
  "min-h-11 min-w-11 rounded-md border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40";

/**
 * The product's photos: several from the gallery, or one straight from the camera; each one's
 * preview, progress, failure, and buttons to move it earlier or later (the first is the main
 * image) or remove it. Move buttons at an end stay focusable (aria-disabled), so the keyboard
 * does not lose its place when a photo reaches the front.
 */
export function ImagePicker({
  images,
  error,
}: {
  images: ReturnType<typeof useImageUploads>;
  /** The API's issue about the photos (too many, an address it refuses). */
  error?: string;
}) {
  const id = useId();
  const full = images.items.length >= MAX_PRODUCT_IMAGES;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    images.add([...(event.target.files ?? [])]);
    event.target.value = ""; // the same photo can be picked again after removing it
  };
  const last = images.items.length - 1;

  return (
    <fieldset aria-describedby={`${id}-rules`}>
      <legend className="font-medium">Images du produit</legend>
      <p id={`${id}-rules`} className="mt-1 text-sm text-slate-600">
        {MAX_PRODUCT_IMAGES} images au maximum. La première est l'image principale.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <label className={`${pickerButton} ${full ? "pointer-events-none opacity-50" : ""}`}>
          Choisir des photos
          <input
            type="file"
            name="gallery"
            accept="image/*"
            multiple
            disabled={full}
            onChange={pick}
            className="sr-only"
          />
        </label>
        <label className={`${pickerButton} ${full ? "pointer-events-none opacity-50" : ""}`}>
          Prendre une photo
          <input
            type="file"
            name="camera"
            accept="image/*"
            capture="environment"
            disabled={full}
            onChange={pick}
            className="sr-only"
          />
        </label>
      </div>
      <div role="alert" className="empty:hidden">
        {images.notices.length > 0 && (
          <ul className="mt-2 space-y-1 text-sm font-medium text-red-700">
            {images.notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        )}
      </div>
      {error && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}
      {images.items.length === 0 ? (
        <p className="mt-2 text-sm font-medium text-red-700">{ADMIN_TEXT.imageRequired}</p>
      ) : (
        <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.items.map((item, index) => (
            <ImageTile
              key={item.key}
              item={item}
              index={index}
              last={last}
              canRetry={images.canRetry(item.key)}
              onMove={(offset) => images.move(item.key, offset)}
              onRemove={() => images.remove(item.key)}
              onRetry={() => images.retry(item.key)}
            />
          ))}
        </ol>
      )}
    </fieldset>
  );
}

function ImageTile({
  item,
  index,
  last,
  canRetry,
  onMove,
  onRemove,
  onRetry,
}: {
  item: ImageItem;
  index: number;
  last: number;
  canRetry: boolean;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const label = `l'image ${index + 1}`;
  const src = item.url ? imageAt(item.url, IMAGE_WIDTHS.card) : item.preview;
  const percent = Math.round(item.progress * 100);
  return (
    <li className="flex flex-col overflow-hidden rounded-lg bg-white ring-1 ring-slate-300">
      <div className="relative aspect-square bg-slate-100">
        {src && <img src={src} alt={`Aperçu ${index + 1} : ${item.name}`} className="h-full w-full object-contain" />}
        {index === 0 && (
          <span className="absolute top-1 left-1 rounded bg-brand px-1.5 py-0.5 text-xs font-bold text-white">
            Image principale
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2 text-xs">
        <p className="truncate text-slate-700" title={item.name}>
          {item.name}
        </p>
        {(item.status === "waiting" || item.status === "uploading") && (
          <>
            <progress
              value={item.status === "uploading" ? item.progress : undefined}
              max={1}
              aria-label={`Envoi de ${item.name}`}
              className="h-2 w-full accent-brand"
            />
            <p className="text-slate-700">{item.status === "uploading" ? `Envoi… ${percent} %` : "En attente…"}</p>
          </>
        )}
        {item.status === "error" && (
          <p role="alert" className="font-medium text-red-700">
            {item.error}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-1 pt-1">
          <button
            type="button"
            aria-label={`Avancer ${label}`}
            aria-disabled={index === 0 || undefined}
            onClick={() => index > 0 && onMove(-1)}
            className={smallButton}
          >
            <span aria-hidden="true">←</span>
          </button>
          <button
            type="button"
            aria-label={`Reculer ${label}`}
            aria-disabled={index === last || undefined}
            onClick={() => index < last && onMove(1)}
            className={smallButton}
          >
            <span aria-hidden="true">→</span>
          </button>
          {item.status === "error" && canRetry && (
            <button type="button" onClick={onRetry} className={smallButton} aria-label={`Réessayer ${label}`}>
              Réessayer
            </button>
          )}
          <button type="button" onClick={onRemove} className={smallButton} aria-label={`Retirer ${label}`}>
            Retirer
          </button>
        </div>
      </div>
    </li>
  );
}
