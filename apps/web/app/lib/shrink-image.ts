/** Photos under this size go as they are. */
const SHRINK_FROM_BYTES = 1024 * 1024;

export interface ShrinkOptions {
  /** Longest side kept (px). */
  maxSide: number;
  /** Widest width kept (px); defaults to `maxSide`. */
  maxWidth?: number;
  /** JPEG quality, 0 to 1. */
  quality?: number;
}

/** Longest side kept for a photo sent with an order: plenty to read a label or a screen. */
export const ORDER_PHOTO: ShrinkOptions = { maxSide: 2000 };

/**
 * A phone camera's photo (3-12 MB) made into a smaller JPEG before it is sent over mobile
 * data; anything else (PDF, HEIC the browser cannot draw, small pictures) is sent as is, and so
 * is a photo the browser could not make smaller.
 */
export async function shrinkPhoto(
  file: File,
  { maxSide, maxWidth = maxSide, quality = 0.85 }: ShrinkOptions,
): Promise<File> {
  if (file.size < SHRINK_FROM_BYTES || !/^image\/(jpeg|png|webp)$/.test(file.type)) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height), maxWidth / bitmap.width);
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.\w+$/, "")}.jpg`, { type: "image/jpeg" });
  } catch {
    return file;
  }
}
