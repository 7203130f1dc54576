import { MSG } from "@shop/shared/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../components/ui/toast";
import { ok, refused, stubApi } from "../../test/api";
import { LOGOUT_ERROR, useLogout } from "./session";

let signedIn = true;
let layoutLoads = 0;

function renderShop(url: string) {
  const Stub = createRoutesStub([
    {
      id: "layout",
      path: "/",
      loader: () => {
        layoutLoads++;
        return { user: signedIn ? "Awa" : null };
      },
      // What shows while the first load runs (React Router warns without one).
      HydrateFallback: () => null,
      Component: function Layout() {
        const { user } = useLoaderData() as { user: string | null };
        const logout = useLogout();
        return (
          <>
            <p>{user ?? "Connexion"}</p>
            <button type="button" onClick={logout}>
              Déconnexion
            </button>
            <Outlet />
          </>
        );
      },
      children: [
        { index: true, Component: () => <h1>Accueil</h1> },
        { path: "about", Component: () => <h1>À propos</h1> },
      ],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

beforeEach(() => {
  signedIn = true;
  layoutLoads = 0;
  localStorage.setItem("token", "jwt");
  vi.spyOn(toast, "success");
  vi.spyOn(toast, "error");
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The server signs the visitor out: the layout's loader sees no user any more. */
const signsOut = () => {
  signedIn = false;
  return ok(MSG.logoutSuccess);
};

describe("useLogout", () => {
  it("forgets the token, says the server's message, goes home and reloads the user", async () => {
    stubApi({ "GET /api/userLogout": signsOut });
    // The session's cookie goes with the call.
    const fetch = vi.spyOn(globalThis, "fetch");
    renderShop("/about");
    await screen.findByText("Awa");
    fireEvent.click(screen.getByRole("button", { name: "Déconnexion" }));
    await screen.findByRole("heading", { name: "Accueil" });
    await screen.findByText("Connexion");
    expect(fetch).toHaveBeenCalledWith("/api/userLogout", expect.objectContaining({ credentials: "include" }));
    expect(localStorage.getItem("token")).toBeNull();
    expect(toast.success).toHaveBeenCalledWith("Déconnexion réussie.");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("already home: reloads the user once", async () => {
    stubApi({ "GET /api/userLogout": signsOut });
    renderShop("/");
    await screen.findByText("Awa");
    const before = layoutLoads;
    fireEvent.click(screen.getByRole("button", { name: "Déconnexion" }));
    await screen.findByText("Connexion");
    expect(layoutLoads - before).toBe(1);
  });

  it("toasts the server's refusal and keeps the visitor signed in", async () => {
    stubApi({ "GET /api/userLogout": refused(429, MSG.tooManyRequests) });
    renderShop("/about");
    await screen.findByText("Awa");
    fireEvent.click(screen.getByRole("button", { name: "Déconnexion" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.tooManyRequests));
    expect(localStorage.getItem("token")).toBe("jwt");
    expect(screen.getByRole("heading").textContent).toBe("À propos");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says 'Une erreur est survenue.' when the network fails", async () => {
    stubApi({ "GET /api/userLogout": new TypeError("Failed to fetch") });
    renderShop("/about");
    await screen.findByText("Awa");
    fireEvent.click(screen.getByRole("button", { name: "Déconnexion" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("Une erreur est survenue."));
    expect(LOGOUT_ERROR).toBe("Une erreur est survenue.");
  });
});
