import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { noAnswer, stubApi } from "../../test/api";
import { aSession } from "../../test/builders";
import { hydrateOver } from "../../test/hydrate-over";
import { MobileMenu } from "./mobile-menu";
import type { Session } from "./session";

function menuPages(session: Session | null) {
  // One layout over two pages, as in the shop: the menu stays mounted when the page changes.
  return createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <MobileMenu session={session} />
          <Outlet />
        </>
      ),
      children: [
        { index: true, Component: () => <p>Contenu de la page</p> },
        { path: "about", Component: () => <p>À propos de la boutique</p> },
      ],
    },
  ]);
}

function renderMenu(session: Session | null) {
  const Stub = menuPages(session);
  render(<Stub initialEntries={["/"]} />);
}

const details = () => document.querySelector("details") as HTMLDetailsElement;
const summary = () => details().querySelector("summary") as HTMLElement;
const panel = () => document.getElementById("mobile-menu") as HTMLElement;
const isOpen = () => details().open;

/**
 * jsdom toggles a <details> when its summary is clicked, as browsers do, but fires the
 * `toggle` event in a later task: waiting for it lets the menu's state (which the press
 * outside and Escape depend on) follow the element.
 */
const toggleFired = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

async function openMenu() {
  fireEvent.click(summary());
  expect(isOpen()).toBe(true);
  await toggleFired();
}

const admin = aSession({ user: { name: "Awa Mbarga", role: "ADMIN" }, cartCount: 3 });

describe("MobileMenu", () => {
  it("opens from its summary with the links and the visitor's Connexion", async () => {
    renderMenu(null);
    expect(isOpen()).toBe(false);
    expect(summary().getAttribute("aria-label")).toBe("Menu");
    expect(summary().getAttribute("aria-controls")).toBe("mobile-menu");
    // A panel of the <details>, not a dialog: the browser shows and hides it without scripts.
    expect(panel().closest("details")).toBe(details());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Fermer le menu" })).toBeNull();

    await openMenu();
    for (const name of ["Accueil", "Articles", "À Propos", "Contact", "Connexion"]) {
      expect(screen.getByRole("link", { name })).toBeTruthy();
    }
    expect(screen.getByText("Bienvenue")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Panier/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Mes commandes" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Mes appareils" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Sécurité du compte" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Mes données" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Déconnexion" })).toBeNull();
  });

  it("shows the user's name, the cart, the Admin Dashboard for an admin and sign-out", async () => {
    renderMenu(admin);
    await openMenu();
    expect(screen.getByText("Awa Mbarga")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Panier (3)" }).getAttribute("href")).toBe("/cart");
    expect(screen.getByRole("link", { name: "Mes commandes" }).getAttribute("href")).toBe("/order-status");
    expect(screen.getByRole("link", { name: "Mes appareils" }).getAttribute("href")).toBe("/devices");
    expect(screen.getByRole("link", { name: "Sécurité du compte" }).getAttribute("href")).toBe("/security");
    expect(screen.getByRole("link", { name: "Mes données" }).getAttribute("href")).toBe("/my-data");
    expect(screen.getByRole("link", { name: "Admin Dashboard" }).getAttribute("href")).toBe(
      "/admin-panel/all-products",
    );
    expect(screen.queryByRole("link", { name: "Connexion" })).toBeNull();
  });

  it("signs out with a form posted to /logout, which the scripts replace by a call to the API", () => {
    const server = stubApi({ "GET /api/userLogout": noAnswer() });
    renderMenu(admin);
    const logout = screen.getByRole("button", { name: "Déconnexion" });
    expect(logout.getAttribute("type")).toBe("submit");
    const form = logout.closest("form") as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/logout");

    // fireEvent returns false when a handler prevented the default: the form is not posted.
    expect(fireEvent.click(logout)).toBe(false);
    expect(server.calls).toEqual([{ route: "GET /api/userLogout", body: undefined }]);
  });

  it("hides the Admin Dashboard from a customer", async () => {
    renderMenu(aSession({ user: { name: "Awa Mbarga", role: "GENERAL" }, cartCount: 3 }));
    await openMenu();
    expect(screen.getByText("Awa Mbarga")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Admin Dashboard" })).toBeNull();
  });

  it("closes on a press outside the panel, but not on a press inside", async () => {
    renderMenu(null);
    await openMenu();
    fireEvent.pointerDown(screen.getByRole("link", { name: "Articles" }));
    expect(isOpen()).toBe(true);
    fireEvent.pointerDown(screen.getByText("Contenu de la page"));
    expect(isOpen()).toBe(false);
  });

  it("closes with a press on the dimmed page or the ×, both hidden parts of its summary", async () => {
    renderMenu(null);
    const parts = summary().querySelectorAll("span");
    const backdrop = parts.item(0);
    const cross = parts.item(1);
    expect(backdrop.getAttribute("aria-hidden")).toBe("true");
    expect(cross.getAttribute("aria-hidden")).toBe("true");
    expect(cross.textContent).toBe("×");

    await openMenu();
    fireEvent.click(cross);
    expect(isOpen()).toBe(false);
    await toggleFired();
    await openMenu();
    fireEvent.click(backdrop);
    expect(isOpen()).toBe(false);
  });

  it("closes on Escape and gives the focus back to the summary", async () => {
    renderMenu(null);
    await openMenu();
    const link = screen.getByRole("link", { name: "Articles" });
    link.focus();
    fireEvent.keyDown(link, { key: "Escape" });
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(summary());
  });

  it("closes once a link is followed", async () => {
    renderMenu(null);
    await openMenu();
    fireEvent.click(screen.getByRole("link", { name: "À Propos" }));
    await screen.findByText("À propos de la boutique");
    expect(isOpen()).toBe(false);
  });
});

describe("MobileMenu opened before the scripts ran", () => {
  it("stays open when React takes the page over, and knows it: a press outside closes it", async () => {
    const Stub = menuPages(null);
    // The visitor's tap on the summary, while the page has no scripts yet: its toggle event
    // goes by before React listens. `suppressHydrationWarning` on the <details>: React says
    // nothing of the `open` it did not render (a console.error would fail the test: see
    // vitest.setup.ts), and leaves it as it is.
    await hydrateOver(<Stub initialEntries={["/"]} />, async () => {
      summary().click();
      expect(isOpen()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(isOpen()).toBe(true);

    fireEvent.pointerDown(screen.getByText("Contenu de la page"));
    expect(isOpen()).toBe(false);
  });
});
