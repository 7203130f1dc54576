import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, Link, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { FlashNotice, type Notice } from "./flash-notice";

/** The notice in the layout, as in the shop: it stays mounted when the page changes. */
function renderPage(notice: Notice | null) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <FlashNotice notice={notice} />
          <Link to="/about">À propos</Link>
          <Outlet />
        </>
      ),
      children: [
        { index: true, Component: () => <h1>Accueil</h1> },
        { path: "about", Component: () => <h1>La boutique</h1> },
      ],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("FlashNotice", () => {
  it("says a success or an information politely", () => {
    renderPage({ tone: "success", text: "Merci pour votre abonnement! awa@exemple.cm" });
    expect(screen.getByRole("status").textContent).toBe("Merci pour votre abonnement! awa@exemple.cm");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says an information politely too", () => {
    renderPage({ tone: "info", text: "Ce produit est déjà dans votre panier." });
    expect(screen.getByRole("status").textContent).toBe("Ce produit est déjà dans votre panier.");
  });

  it("says an error as an alert", () => {
    renderPage({ tone: "error", text: "Adresse e-mail invalide." });
    expect(screen.getByRole("alert").textContent).toBe("Adresse e-mail invalide.");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows nothing without a notice", () => {
    renderPage(null);
    expect(screen.getByRole("heading", { name: "Accueil" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("stays behind when the visitor moves to another page", async () => {
    renderPage({ tone: "success", text: "Déconnexion réussie." });
    expect(screen.getByRole("status")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "À propos" }));
    await screen.findByRole("heading", { name: "La boutique" });
    expect(screen.queryByText("Déconnexion réussie.")).toBeNull();
  });
});
