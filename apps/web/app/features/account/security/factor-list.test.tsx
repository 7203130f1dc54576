import type { SecondFactor } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { uuid } from "../../../test/builders";
import { renderPage } from "../../../test/render-page";
import { FactorCard, FactorList } from "./factor-list";

const passkey: SecondFactor = {
  _id: uuid(1),
  kind: "passkey",
  name: "Mon Samsung",
  createdAt: "2026-11-22T09:15:00.000Z",
  lastUsedAt: "2026-11-27T13:05:00.000Z",
};
const app: SecondFactor = { ...passkey, _id: uuid(2), kind: "totp", name: "Authenticator", lastUsedAt: null };

const card = (name: string) => screen.getByRole("article", { name });

describe("FactorCard", () => {
  it("names the factor, its kind and both dates in the shop's time", () => {
    renderPage(<FactorCard factor={passkey} editable />, "/security");
    const article = card("Mon Samsung");
    expect(within(article).getByRole("heading", { level: 3, name: "Mon Samsung" })).toBeTruthy();
    expect(within(article).getByText("Clé d'accès")).toBeTruthy();
    expect(article.textContent).toContain("Ajoutée le 22 novembre 2026 à 10:15");
    expect(article.textContent).toContain("Dernière utilisation le 27 novembre 2026 à 14:05");
    expect([...article.querySelectorAll("time")].map((t) => t.getAttribute("datetime"))).toEqual([
      passkey.createdAt,
      passkey.lastUsedAt,
    ]);
  });

  it("says an app never used to sign in", () => {
    renderPage(<FactorCard factor={app} editable />, "/security");
    const article = card("Authenticator");
    expect(within(article).getByText("Application d'authentification")).toBeTruthy();
    expect(article.textContent).toContain("Jamais utilisée pour se connecter");
  });

  it("renames with a small plain form: the factor's id and the new name, trimmed by the action", async () => {
    const posted = renderPage(<FactorCard factor={passkey} editable />, "/security");
    const rename = screen.getByText("Renommer", { exact: false }).closest("summary") as HTMLElement;
    // Label in Name (WCAG 2.5.3): the word shown, then which factor.
    expect(rename.textContent).toBe("Renommer Mon Samsung");
    fireEvent.click(rename);
    const field = screen.getByLabelText("Nouveau nom") as HTMLInputElement;
    expect(field.value).toBe("Mon Samsung");
    expect(field.required).toBe(true);
    expect(field.maxLength).toBe(60);
    fireEvent.change(field, { target: { value: "Samsung A15" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer le nom" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "rename", id: passkey._id, name: "Samsung A15" }]));
  });

  it("asks before removing, saying what is lost, and posts the factor's id", async () => {
    const posted = renderPage(<FactorCard factor={passkey} editable />, "/security");
    const remove = screen.getByRole("button", { name: "Oui, supprimer Mon Samsung" });
    // Hidden in its closed <details> until 'Supprimer' is opened.
    expect(remove.closest("details")?.open).toBe(false);
    expect(card("Mon Samsung").textContent).toContain("Vous ne pourrez plus vous connecter avec cette clé d'accès.");
    fireEvent.click(remove);
    await waitFor(() => expect(posted).toEqual([{ intent: "remove", id: passkey._id }]));
  });

  it("warns that the last factor leaves the password alone", () => {
    renderPage(<FactorCard factor={app} editable last />, "/security");
    expect(card("Authenticator").textContent).toContain(
      "Les codes de cette application ne seront plus acceptés. C'est votre dernier second facteur",
    );
  });

  it("keeps a refused name's form open, with the API's words beside it", () => {
    renderPage(
      <FactorCard
        factor={passkey}
        editable
        result={{ intent: "rename", ok: false, id: passkey._id, message: "Le nom ne doit pas dépasser 60 caractères." }}
      />,
      "/security",
    );
    expect(screen.getByRole("alert").textContent).toBe("Le nom ne doit pas dépasser 60 caractères.");
    expect(screen.getByLabelText("Nouveau nom").closest("details")?.open).toBe(true);
  });

  it("cannot be sent twice while a form is on its way", () => {
    renderPage(<FactorCard factor={passkey} editable busy />, "/security");
    for (const button of screen.getAllByRole("button", { hidden: true })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it("is read only for a SUPERADMIN's look at an admin", () => {
    renderPage(<FactorCard factor={passkey} editable={false} />, "/admin-panel/users/x/devices");
    expect(within(card("Mon Samsung")).queryByText(/Renommer|Supprimer/)).toBeNull();
    expect(screen.queryByRole("button", { hidden: true })).toBeNull();
  });
});

describe("FactorList", () => {
  it("lists one card per factor, in the API's order", () => {
    renderPage(<FactorList factors={[passkey, app]} editable />, "/security");
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
      "Mon Samsung",
      "Authenticator",
    ]);
  });

  it("says when the password is alone", () => {
    renderPage(<FactorList factors={[]} editable />, "/security");
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getByText("Aucun second facteur : seul le mot de passe protège ce compte.")).toBeTruthy();
  });

  it("says a removal above the list, the card being gone; a rename on its card", () => {
    renderPage(
      <FactorList
        factors={[app]}
        editable
        result={{ intent: "remove", ok: true, id: passkey._id, message: MSG.factorRemoved }}
      />,
      "/security",
    );
    const said = screen.getAllByRole("status").filter((s) => s.textContent);
    expect(said.map((s) => s.textContent)).toEqual([MSG.factorRemoved]);
    expect(within(card("Authenticator")).queryByText(MSG.factorRemoved)).toBeNull();
  });

  it("says a rename on the renamed card only", () => {
    renderPage(
      <FactorList
        factors={[passkey, app]}
        editable
        result={{ intent: "rename", ok: true, id: app._id, message: MSG.factorRenamed }}
      />,
      "/security",
    );
    expect(within(card("Authenticator")).getByRole("status").textContent).toBe(MSG.factorRenamed);
    expect(within(card("Mon Samsung")).getByRole("status").textContent).toBe("");
  });
});
