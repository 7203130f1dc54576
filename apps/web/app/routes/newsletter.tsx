import { FIELD_MSG } from "@shop/shared/core";
import { redirect } from "react-router";
import { redirectTarget } from "../features/auth/redirect-target";
import { newsletterThanks } from "../features/layout/newsletter";
import { withFlash } from "../lib/flash.server";
import { textOf } from "../lib/form-values";
import type { Route } from "./+types/newsletter";

/** Nothing to show here: the footer's newsletter box posts to this address. */
export const loader = () => redirect("/");

/** What a browser's own check of an e-mail field lets through, checked again for a form sent otherwise. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The newsletter box posted before the scripts ran (or without them): the spec's thanks on
 * the page it was sent from, as the alert says it with scripts. Nothing is stored, as with
 * scripts (SPEC.md §5).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = textOf(form, "email").trim().slice(0, 200);
  const back = redirectTarget(form.get("back"));
  const notice = EMAIL.test(email)
    ? ({ tone: "success", text: newsletterThanks(email) } as const)
    : ({ tone: "error", text: FIELD_MSG.emailInvalid } as const);
  return redirect(back, { status: 303, headers: withFlash(notice) });
}
