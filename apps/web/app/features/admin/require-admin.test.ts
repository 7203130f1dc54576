import type { User } from "@shop/shared";
import { createStaticHandler, redirect } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { requireAdmin } from "./require-admin.server";

const userDetails = vi.fn<() => Promise<User | null>>();
vi.mock("../../lib/api", () => ({ api: () => ({ userDetails }) }));

const user = (role: User["role"]): User => ({
  _id: "00000000-0000-4000-8000-000000000001",
  name: "Awa",
  email: "awa@exemple.cm",
  role,
  profilePic: "",
  createdAt: "",
  updatedAt: "",
});
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
  beforeEach(() => userDetails.mockReset());

  it("sends a visitor without a session home without asking the API", async () => {
    expect(await location(requireAdmin(withCookie()))).toBe("/");
    expect(await location(requireAdmin(withCookie("theme=dark")))).toBe("/");
    expect(userDetails).not.toHaveBeenCalled();
  });

  it("sends home a session the API does not know, and a customer", async () => {
    userDetails.mockResolvedValueOnce(null);
    expect(await location(requireAdmin(withCookie("token=expired")))).toBe("/");
    userDetails.mockResolvedValueOnce(user("GENERAL"));
    expect(await location(requireAdmin(withCookie("token=client")))).toBe("/");
  });

  it("lets ADMIN and SUPERADMIN in, with only what the sidebar shows", async () => {
    for (const role of ["ADMIN", "SUPERADMIN"] as const) {
      userDetails.mockResolvedValueOnce(user(role));
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
    userDetails.mockResolvedValue(user("ADMIN"));
    const request = withCookie("token=t");
    await Promise.all([requireAdmin(request), requireAdmin(request)]);
    expect(userDetails).toHaveBeenCalledOnce();
    await requireAdmin(withCookie("token=t"));
    expect(userDetails).toHaveBeenCalledTimes(2);
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
