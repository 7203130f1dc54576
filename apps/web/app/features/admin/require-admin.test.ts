import type { User } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { createStaticHandler, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../../test/api";
import { aUser } from "../../test/builders";
import { adminBadges, requireAdmin } from "./require-admin.server";

const USER_DETAILS = "GET /api/user-details";
const BADGES = "GET /api/admin/badges";
const badges = { newOrders: 2, unreadMessages: 1, paymentsToVerify: 0 };
/** The API's refusal of an admin call while a second factor is required of this session (decision 040). */
const setupRequired = {
  status: 403,
  body: {
    success: false,
    error: true,
    message: MSG.secondFactorSetupRequired,
    data: null,
    code: "second-factor-setup",
  },
};
const user = (role: User["role"]) => aUser({ name: "Awa", email: "awa@exemple.cm", role, profilePic: "" });
const withCookie = (cookie?: string) =>
  new Request("http://boutique.test/admin-panel/all-products", { headers: cookie ? { cookie } : {} });

async function location(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).headers.get("location");
}

describe("requireAdmin", () => {
  it("sends a visitor without a session home without asking the API", async () => {
    const server = stubApi();
    expect(await location(requireAdmin(withCookie()))).toBe("/");
    expect(await location(requireAdmin(withCookie("theme=dark")))).toBe("/");
    expect(server.calls).toEqual([]);
  });

  it("sends home a session the API does not know, and a customer", async () => {
    const server = stubApi({ [USER_DETAILS]: refused(401, MSG.authInvalid), [BADGES]: refused(401, MSG.authInvalid) });
    expect(await location(requireAdmin(withCookie("token=expired")))).toBe("/");
    server.answer(BADGES, refused(403, MSG.forbidden));
    server.answer(USER_DETAILS, ok(MSG.userDetails, user("GENERAL")));
    expect(await location(requireAdmin(withCookie("token=client")))).toBe("/");
  });

  it("lets ADMIN and SUPERADMIN in, with only what the sidebar shows", async () => {
    const server = stubApi({ [BADGES]: ok(MSG.badgesReady, badges) });
    for (const role of ["ADMIN", "SUPERADMIN"] as const) {
      server.answer(USER_DETAILS, ok(MSG.userDetails, user(role)));
      expect(await requireAdmin(withCookie("token=t"))).toEqual({
        _id: user(role)._id,
        name: "Awa",
        role,
        profilePic: "",
        email: "awa@exemple.cm",
      });
    }
  });

  it("asks the API once per request, however many loaders of the page ask", async () => {
    const server = stubApi({
      [USER_DETAILS]: ok(MSG.userDetails, user("ADMIN")),
      [BADGES]: ok(MSG.badgesReady, badges),
    });
    const request = withCookie("token=t");
    const [, , counts] = await Promise.all([requireAdmin(request), requireAdmin(request), adminBadges(request)]);
    expect(counts).toEqual(badges);
    expect(server.sent(USER_DETAILS)).toHaveLength(1);
    expect(server.sent(BADGES)).toHaveLength(1);
    await requireAdmin(withCookie("token=t"));
    expect(server.sent(USER_DETAILS)).toHaveLength(2);
  });

  it("sends an admin whose session lacks the required second factor to set one up", async () => {
    const server = stubApi({ [USER_DETAILS]: ok(MSG.userDetails, user("ADMIN")), [BADGES]: setupRequired });
    const request = withCookie("token=password-only");
    expect(await location(requireAdmin(request))).toBe("/security?required=1");
    // The layout's counts, from the same look-up, say the same.
    expect(await location(adminBadges(request))).toBe("/security?required=1");
    // A customer is still sent home, not to a set-up that is not theirs.
    server.answer(USER_DETAILS, ok(MSG.userDetails, user("GENERAL")));
    expect(await location(requireAdmin(withCookie("token=client")))).toBe("/");
  });

  it("opens the back-office when only the counts fail, without them", async () => {
    stubApi({ [USER_DETAILS]: ok(MSG.userDetails, user("SUPERADMIN")), [BADGES]: refused(500, MSG.forbidden) });
    const request = withCookie("token=t");
    expect((await requireAdmin(request)).role).toBe("SUPERADMIN");
    expect(await adminBadges(request)).toBeNull();
  });
});

/**
 * What the gate relies on in React Router: the layout's and the page's loaders run side by side,
 * and a redirect from either is the answer, even when the other failed or answered data.
 */
describe("React Router with a redirecting loader beside another", () => {
  const handlerWith = (layout: () => unknown, page: () => unknown) =>
    createStaticHandler([
      {
        id: "layout",
        path: "/admin-panel",
        loader: layout,
        children: [{ id: "page", path: "all-products", loader: page }],
      },
    ]);
  const request = () => new Request("http://boutique.test/admin-panel/all-products");

  it("answers the layout's redirect when the page's loader throws", async () => {
    const handler = handlerWith(
      () => {
        throw redirect("/");
      },
      () => {
        throw new Error("Vous n'avez pas la permission d'effectuer cette action.");
      },
    );
    const result = await handler.query(request());
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get("location")).toBe("/");
  });

  it("answers the page's redirect when the layout answered data", async () => {
    const handler = handlerWith(
      () => ({ user: "admin data" }),
      () => {
        throw redirect("/");
      },
    );
    const result = await handler.query(request());
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("location")).toBe("/");
  });
});
