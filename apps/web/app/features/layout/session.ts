import type { User } from "@shop/shared";
import { ADMIN_ROLES, type Role } from "@shop/shared/core";
import { useNavigate, useRevalidator } from "react-router";
import { api } from "../../lib/api";

/** The signed-in visitor as the layout needs it: never more than the header shows. */
export interface Session {
  user: Pick<User, "_id" | "name" | "role" | "profilePic">;
  cartCount: number;
}

export const isAdmin = (role: Role) => ADMIN_ROLES.includes(role);

/** Reads the visitor's session when the request carries the sign-in cookie. */
export async function loadSession(client: ReturnType<typeof api>, cookie: string | null): Promise<Session | null> {
  if (!cookie || !/(?:^|;\s*)token=/.test(cookie)) return null;
  const user = await client.userDetails();
  if (!user) return null;
  return {
    user: { _id: user._id, name: user.name, role: user.role, profilePic: user.profilePic },
    cartCount: await client.cartCount(),
  };
}

/** Signs out (the server clears its cookie), refreshes the header and goes home. */
export function useLogout() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return async () => {
    try {
      await api().logout();
    } finally {
      await revalidate();
      navigate("/");
    }
  };
}
