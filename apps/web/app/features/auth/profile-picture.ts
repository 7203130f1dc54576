import { AVATAR_MAX_BYTES, FIELD_MSG } from "@shop/shared/core";

export const PICTURE_TOO_LARGE = `La photo ne doit pas dépasser ${Math.round(AVATAR_MAX_BYTES / (1024 * 1024))} Mo.`;

/** Why this file cannot be the profile picture, or null when it can. */
export function checkPicture(file: Pick<File, "type" | "size">): string | null {
  if (!file.type.startsWith("image/")) return FIELD_MSG.profilePicInvalid;
  if (file.size > AVATAR_MAX_BYTES) return PICTURE_TOO_LARGE;
  return null;
}
