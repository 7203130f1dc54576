import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { MobileMenu } from "./mobile-menu";
import type { Session } from "./session";

function renderMenu(session: Session | null) {
  // One layout over two pages, as in the shop: the menu stays mounted when the page changes.
  const Stub = createRoutesStub([
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
  render(<Stub initialEntries={["/"]} />);
}

const toggle = () => screen.getByRole("button", { name: "Menu" });
const panel = () => document.getElementById("mobile-menu") as HTMLElement;
const isOpen = () => toggle().getAttribute("aria-expanded") === "true" && !panel().hasAttribute("inert");

const admin: Session = { user: { _id: "u1", name: "Awa Mbarga", role: "ADMIN", profilePic: "" }, cartCount: 3 };

describe("MobileMenu", () => {
  it("opens with the links and the visitor's Connexion, closed panel unreachable", () => {
    renderMenu(null);
    expect(panel().hasAttribute("inert")).toBe(true);
    fireEvent.click(toggle());
    expect(isOpen()).toBe(true);
    for (const name of ["Accueil", "Articles", "À Propos", "Contact", "Connexion"]) {
      expect(screen.getByRole("link", { name })).toBeTruthy();
    }
    expect(screen.queryByRole("link", { name: /Panier/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Mes commandes" })).toBeNull();
    // Focus moves into the panel.
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Fermer le menu");
  });

  it("shows the user's name, the cart, the Admin Dashboard for an admin and sign-out", () => {
    renderMenu(admin);
    fireEvent.click(toggle());
    expect(screen.getByText("Awa Mbarga")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Panier (3)" }).getAttribute("href")).toBe("/cart");
    expect(screen.getByRole("link", { name: "Mes commandes" }).getAttribute("href")).toBe("/order-status");
    expect(screen.getByRole("link", { name: "Admin Dashboard" }).getAttribute("href")).toBe(
      "/admin-panel/all-products",
    );
    expect(screen.getByRole("button", { name: "Déconnexion" })).toBeTruthy();
  });

  it("hides the Admin Dashboard from a customer", () => {
    renderMenu({ ...admin, user: { ...admin.user, role: "GENERAL" } });
    fireEvent.click(toggle());
    expect(screen.queryByRole("link", { name: "Admin Dashboard" })).toBeNull();
  });

  it("closes on a press outside the panel, but not on a press inside", () => {
    renderMenu(null);
    fireEvent.click(toggle());
    fireEvent.pointerDown(screen.getByRole("link", { name: "Articles" }));
    expect(isOpen()).toBe(true);
    fireEvent.pointerDown(screen.getByText("Contenu de la page"));
    expect(isOpen()).toBe(false);
  });

  it("closes on Escape and gives the focus back to the menu button", () => {
    renderMenu(null);
    fireEvent.click(toggle());
    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });

  it("closes once a link is followed", async () => {
    renderMenu(null);
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole("link", { name: "À Propos" }));
    await screen.findByText("À propos de la boutique");
    expect(isOpen()).toBe(false);
  });
});
