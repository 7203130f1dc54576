import type { User } from "@shop/shared";
import type { UserRow } from "../../db/schema/users.ts";
import { absolute } from "../../lib/public-url.ts";

/**
 * The only way a user leaves the server: the password hash is dropped here, once. The picture's
 * URL is absolute under `origin` (see plugins/origin.ts).
 */
export function toApiUser(row: UserRow, origin: string): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    profilePic: row.profilePic ? absolute(row.profilePic, origin) : "",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
