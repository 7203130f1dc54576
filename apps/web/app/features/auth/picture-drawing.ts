/*
 * Drawing the profile picture small before it is sent: loaded only when a photo is chosen
 * (a dynamic import), so that no page carries it before (docs/performance.md, "JavaScript per page").
 */

/** The longest side of the picture sent: a profile picture is shown small, never above 512 px. */
export const AVATAR_SIDE = 512;
/** A picture already this small and within AVATAR_SIDE goes as it is (no quality lost, no work). */
const SMALL_ENOUGH_BYTES = 150 * 1024;

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The picture as the data URL sent with the sign-up: drawn at most AVATAR_SIDE px wide or high
 * as a JPEG (a 4 MB phone photo becomes about 40 KB, which matters on mobile data). A browser
 * that cannot decode it (HEIC on Android, no canvas) sends the file as it is, and the server
 * decides.
 */
export async function pictureDataUrl(file: File): Promise<string> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, AVATAR_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SMALL_ENOUGH_BYTES) {
      bitmap.close();
      return await readAsDataUrl(file);
    }
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    // JPEG has no transparency: a transparent PNG is laid on white, not black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL("image/jpeg", 0.85);
  } catch {
    return readAsDataUrl(file);
  }
}
