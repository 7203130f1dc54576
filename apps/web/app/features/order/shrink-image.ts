/** Longest side kept for a photo sent with an order: plenty to read a label or a screen. */
export const ORDER_PHOTO_MAX_SIDE = 2000;
/** Photos under this size go as they are. */
const SHRINK_FROM_BYTES = 1024 * 1024;

/**
 * A phone camera's photo (3-12 MB) made into a JPEG of at most 2000 px before it is sent over
 * mobile data; anything else (PDF, HEIC the browser cannot draw, small pictures) is sent as is.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size < SHRINK_FROM_BYTES || !/^image\/(jpeg|png|webp)$/.test(file.type)) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, ORDER_PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.\w+$/, "")}.jpg`, { type: "image/jpeg" });
  } catch {
    return file;
  }
}
