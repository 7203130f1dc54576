import { checkPicture } from "./profile-picture";

/**
 * A profile picture sent as a file, by a form posted without scripts (the sign-up, 'Mes
 * données'): checked as the page would check it, then made the data URL the API takes. Null
 * when no picture was chosen (a form without a file still carries an empty, nameless one).
 */
export async function uploadedPicture(
  file: FormDataEntryValue | null,
): Promise<{ dataUrl: string } | { refused: string } | null> {
  // Not `instanceof File`: the parsed form's files may come from another realm than the page's File.
  if (file === null || typeof file === "string" || file.size === 0) return null;
  const refused = checkPicture(file);
  if (refused) return { refused };
  return { dataUrl: `data:${file.type};base64,${Buffer.from(await file.arrayBuffer()).toString("base64")}` };
}
