import type { User } from "@shop/shared";
import { foldText } from "../fold-text";

/** The users whose name or e-mail holds the query, whatever its case and accents. */
export function filterUsers<U extends Pick<User, "name" | "email">>(users: readonly U[], query: string): readonly U[] {
  const wanted = foldText(query.trim());
  if (!wanted) return users;
  return users.filter((u) => foldText(u.name).includes(wanted) || foldText(u.email).includes(wanted));
}

/** "1 utilisateur", "12 utilisateurs". */
export const usersCount = (n: number) => `${n} utilisateur${n > 1 ? "s" : ""}`;
