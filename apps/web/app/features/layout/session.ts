import type { User } from "@shop/shared";
import { ADMIN_ROLES, type Role } from "@shop/shared/core";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { toast } from "../../components/ui/toast";
import { ApiError, api } from "../../lib/api";
import { forgetToken } from "../../lib/token";

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

/** A sign-out that never reached the shop (SPEC.md §8). */
export const LOGOUT_ERROR = "Une erreur est survenue.";

/**
 * Signs out (SPEC.md §4): the server clears its cookie; then the stored token is forgotten,
 * the server's message shown, and the visitor taken home with the header reloaded. A refusal
 * is told in a toast and changes nothing.
 */
export function useLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  const { revalidate } = useRevalidator();
  return async () => {
    let message: string;
    try {
      ({ message } = await api().logout());
    } catch (error) {
      toast.error(error instanceof ApiError && error.status > 0 ? error.message : LOGOUT_ERROR);
      return;
    }
    forgetToken();
    toast.success(message);
    // Going home from another page does not reload the layout (see its shouldRevalidate), so
    // it is asked for; going to the page already shown reloads everything by itself.
    const home = location.pathname === "/" && location.search === "";
    await navigate("/");
    if (!home) await revalidate();
  };
}
