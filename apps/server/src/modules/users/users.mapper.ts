import type { User } from "@shop/shared";
import type { UserRow } from "../../db/schema.ts";

/** The only way a user leaves the server: the password hash is dropped here, once. */
export function toApiUser(row: UserRow, publicUrl?: string): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    profilePic: row.profilePic ? absolute(row.profilePic, publicUrl) : "",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Our stored files are served under /uploads; clients on another origin need the full address. */
export function absolute(url: string, publicUrl?: string): string {
  return publicUrl && url.startsWith("/") ? `${publicUrl}${url}` : url;
}
