import { IMAGE_MAX_BYTES, IMAGE_WIDTHS, MAX_PRODUCT_IMAGES, MSG } from "@shop/shared/core";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { type ShrinkOptions, shrinkPhoto } from "../../../lib/shrink-image";
import { ADMIN_TEXT, adminErrorMessage } from "../admin-errors";
import { failed, type ImageItem, imagesReducer, initialImages, savedUrls, screenFiles, sending } from "./image-uploads";
import { uploadImage } from "./upload-image";

/**
 * Photos are made at most as wide as the widest stored size (the zoom), and no taller than a
 * phone's screen needs: a 12 MB camera photo leaves the phone at a few hundred kilobytes.
 */
export const PRODUCT_PHOTO: ShrinkOptions = { maxSide: 2400, maxWidth: IMAGE_WIDTHS.zoom, quality: 0.88 };

/** Photos sent at once: on a slow connection two share it, and the first are ready sooner. */
export const PARALLEL_UPLOADS = 2;

let lastKey = 0;

/**
 * The product form's photos: picked ones are checked, shrunk and uploaded at once, at most
 * PARALLEL_UPLOADS at a time, each with its progress; they can be removed (an upload under way
 * is cancelled), retried after a failure and reordered. Leaving the form cancels what is still
 * on its way.
 */
export function useImageUploads(initialUrls: readonly string[]) {
  const [state, dispatch] = useReducer(imagesReducer, initialUrls, initialImages);
  const latest = useRef(state);
  latest.current = state;
  /** The picked files, by key: gone once removed (an upload in flight then stops). */
  const files = useRef(new Map<string, File>());
  const previews = useRef(new Map<string, string>());
  const aborts = useRef(new Map<string, () => void>());
  const slots = useRef({ free: PARALLEL_UPLOADS, queue: [] as (() => void)[] });

  const forgetPreview = useCallback((key: string) => {
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
  }, []);

  const acquire = useCallback(async () => {
    const s = slots.current;
    if (s.free > 0) {
      s.free--;
      return;
    }
    await new Promise<void>((resolve) => s.queue.push(resolve));
  }, []);
  const release = useCallback(() => {
    const s = slots.current;
    const next = s.queue.shift();
    if (next) next();
    else s.free++;
  }, []);

  const send = useCallback(
    async (key: string) => {
      await acquire();
      try {
        const picked = files.current.get(key);
        if (!picked) return; // removed while it waited
        const file = await shrinkPhoto(picked, PRODUCT_PHOTO);
        if (!files.current.has(key)) return;
        if (file.size > IMAGE_MAX_BYTES) {
          dispatch({ type: "failed", key, error: MSG.imageTooLarge });
          return;
        }
        dispatch({ type: "started", key });
        const upload = uploadImage(file, (fraction) => dispatch({ type: "progressed", key, fraction }));
        aborts.current.set(key, upload.abort);
        try {
          const stored = await upload.done;
          dispatch({ type: "uploaded", key, url: stored.url });
          forgetPreview(key);
          files.current.delete(key);
        } catch (error) {
          if (error instanceof DOMException && error.name === "AbortError") return;
          dispatch({ type: "failed", key, error: adminErrorMessage(error, ADMIN_TEXT.imageUploadError) });
        } finally {
          aborts.current.delete(key);
        }
      } finally {
        release();
      }
    },
    [acquire, release, forgetPreview],
  );

  /** Answers the new photos' keys (a variant chooses the photo it added). */
  const add = useCallback(
    (picked: readonly File[]): string[] => {
      if (picked.length === 0) return [];
      const room = MAX_PRODUCT_IMAGES - latest.current.items.length;
      const { accepted, notices } = screenFiles(picked, room);
      const items: ImageItem[] = accepted.map((file) => {
        const key = `new-${++lastKey}`;
        files.current.set(key, file);
        const preview = URL.createObjectURL(file);
        previews.current.set(key, preview);
        return { key, name: file.name, url: null, preview, status: "waiting", progress: 0, error: null };
      });
      dispatch({ type: "picked", items, notices });
      for (const item of items) void send(item.key);
      return items.map((item) => item.key);
    },
    [send],
  );

  const remove = useCallback(
    (key: string) => {
      files.current.delete(key);
      aborts.current.get(key)?.();
      forgetPreview(key);
      dispatch({ type: "removed", key });
    },
    [forgetPreview],
  );

  const retry = useCallback(
    (key: string) => {
      if (!files.current.has(key)) return;
      dispatch({ type: "retried", key });
      void send(key);
    },
    [send],
  );

  const move = useCallback((key: string, offset: -1 | 1) => dispatch({ type: "moved", key, offset }), []);

  useEffect(() => {
    const pending = files.current;
    const running = aborts.current;
    const shown = previews.current;
    return () => {
      pending.clear();
      for (const abort of running.values()) abort();
      for (const url of shown.values()) URL.revokeObjectURL(url);
      shown.clear();
    };
  }, []);

  return {
    items: state.items,
    notices: state.notices,
    urls: savedUrls(state),
    /** Photos not yet stored (waiting or being sent). */
    sending: sending(state),
    /** Photos whose upload failed: retry or remove them. */
    failed: failed(state),
    /** Whether the file can still be retried (it was picked in this form and is not stored yet). */
    canRetry: (key: string) => files.current.has(key),
    add,
    remove,
    retry,
    move,
  };
}
