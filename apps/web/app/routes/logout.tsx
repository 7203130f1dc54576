import { redirect } from "react-router";
import { LOGOUT_ERROR } from "../features/layout/session";
import { ApiError, api } from "../lib/api";
import { withFlash } from "../lib/flash.server";
import type { Route } from "./+types/logout";

/** Nothing to show here: the header's 'Déconnexion' posts to this address. */
export const loader = () => redirect("/");

/**
 * 'Déconnexion' posted before the scripts ran (or without them): the session ends on the
 * server, its cookie is cleared, and the visitor goes home, told so as the toast would
 * (decision 027, "The first tap"). A refusal is said on the home page and changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  try {
    const { message, setCookie } = await api(request).logout();
    const headers = withFlash({ tone: "success", text: message });
    for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
    return redirect("/", { status: 303, headers });
  } catch (error) {
    const text = error instanceof ApiError && error.status > 0 ? error.message : LOGOUT_ERROR;
    return redirect("/", { status: 303, headers: withFlash({ tone: "error", text }) });
  }
}
