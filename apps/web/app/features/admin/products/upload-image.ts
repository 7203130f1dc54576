import type { UploadedImage } from "@shop/shared";
import { ApiError } from "../../../lib/api";
import { ADMIN_TEXT } from "../admin-errors";

export interface Upload {
  /** The stored image, or an ApiError (the server's message, or ADMIN_TEXT.imageUploadError); an AbortError once aborted. */
  done: Promise<UploadedImage>;
  abort: () => void;
}

/**
 * One product photo to POST /api/upload-image, as multipart, with the session cookie. An
 * XMLHttpRequest rather than `fetch`, because only it reports the upload's progress
 * (`onProgress` gets 0 to 1 as the bytes leave the phone).
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedImage>((resolve, reject) => {
    xhr.open("POST", "/api/upload-image");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { success?: boolean; message?: unknown; data?: UploadedImage } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML error page: no message of ours to show.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.success && body.data) {
        onProgress(1);
        resolve(body.data);
        return;
      }
      const message = typeof body?.message === "string" && body.message ? body.message : ADMIN_TEXT.imageUploadError;
      reject(new ApiError(xhr.status, message));
    };
    xhr.onerror = () => reject(new ApiError(0, ADMIN_TEXT.imageUploadError));
    xhr.onabort = () => reject(new DOMException("Upload aborted", "AbortError"));
    const form = new FormData();
    form.append("image", file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
