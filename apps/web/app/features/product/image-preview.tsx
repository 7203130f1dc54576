import { IMAGE_WIDTHS, imageAt, imageSrcSet } from "@shop/shared/core";
import { type KeyboardEvent, useEffect, useRef } from "react";

/**
 * The full-screen preview of a product's photos: a modal <dialog> (the page behind is inert,
 * focus starts on 'Fermer'), Précédent/Suivant and the arrow keys to move, Escape, 'Fermer' or
 * the phone's back gesture to close. Mounted only while open, so its large images are fetched
 * only when asked for. Where showModal is missing (jsdom, very old browsers) it is merely shown.
 */
export function ImagePreview({
  images,
  index,
  alt,
  onIndexChange,
  onClose,
}: {
  images: readonly string[];
  index: number;
  alt: string;
  onIndexChange(index: number): void;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (typeof element.showModal === "function") element.showModal();
    else element.setAttribute("open", "");
    closeButton.current?.focus();
    return () => {
      if (element.open && typeof element.close === "function") element.close();
    };
  }, []);

  const count = images.length;
  const url = images[index];
  const go = (step: number) => onIndexChange((index + step + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "Escape") {
      // Handled here rather than by the browser's cancel, so that it works where showModal is missing.
      event.preventDefault();
      onClose();
    } else if (event.key === "ArrowLeft" && count > 1) {
      event.preventDefault();
      go(-1);
    } else if (event.key === "ArrowRight" && count > 1) {
      event.preventDefault();
      go(1);
    }
  }

  const button =
    "rounded-full bg-white/90 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-white focus-visible:outline-2 focus-visible:outline-white";
  return (
    <dialog
      ref={dialog}
      aria-label={`Photos de ${alt}`}
      onKeyDown={onKeyDown}
      // The browser's own close request (the Android back gesture): same as 'Fermer'.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 p-3">
          <p aria-live="polite" className="text-sm">
            Image {index + 1} sur {count}
          </p>
          <button ref={closeButton} type="button" onClick={onClose} className={button}>
            Fermer
          </button>
        </div>
        <div className="relative min-h-0 flex-1">
          {url && (
            <img
              key={url}
              src={imageAt(url, IMAGE_WIDTHS.detail)}
              srcSet={imageSrcSet(url, IMAGE_WIDTHS.detail, IMAGE_WIDTHS.zoom)}
              sizes="(min-width: 1024px) 800px, 100vw"
              width={800}
              height={800}
              alt={`${alt} (${index + 1} sur ${count})`}
              decoding="async"
              className="absolute inset-0 h-full w-full object-contain px-2"
            />
          )}
        </div>
        {count > 1 && (
          <div className="flex justify-center gap-4 p-3">
            <button type="button" onClick={() => go(-1)} className={button}>
              Précédent
            </button>
            <button type="button" onClick={() => go(1)} className={button}>
              Suivant
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
