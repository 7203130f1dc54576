import type { Role } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../components/ui/toast";
import { type ApiAnswer, ok, refused, stubApi } from "../../../test/api";
import { aUser, uuid } from "../../../test/builders";
import type { ListedUser } from "./listed-user";
import { UsersScreen } from "./users-screen";

const CHANGE_ROLE = "POST /api/update-user";
const resetLinkOf = (userId: string) => `POST /api/admin/users/${userId}/reset-link`;
const USERS: ListedUser[] = [
  { _id: uuid(1), name: "Chef Boutique", email: "admin@boutique.local", role: "SUPERADMIN" },
  { _id: uuid(2), name: "Éloïse Mbarga", email: "eloise@exemple.cm", role: "GENERAL" },
  { _id: uuid(3), name: "Jean Fotso", email: "jean@exemple.cm", role: "ADMIN" },
];

function renderScreen(me: { _id: string; role: Role }, error: string | null = null) {
  const loader = vi.fn(() => null);
  const Stub = createRoutesStub([
    {
      path: "/",
      loader,
      HydrateFallback: () => null,
      Component: () => <UsersScreen users={USERS} me={me} error={error} />,
    },
  ]);
  render(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { "0": null } }} />);
  return { loader };
}

const superAdmin = { _id: uuid(1), role: "SUPERADMIN" as const };

describe("UsersScreen", () => {
  beforeEach(() => {
    vi.spyOn(toast, "success");
    vi.spyOn(toast, "error");
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows #, Nom, Email, Rôle and Actions, and the role action to a SUPERADMIN on every row but their own", async () => {
    renderScreen(superAdmin);
    expect(screen.getByRole("heading", { level: 1, name: "Gestion des Utilisateurs" })).toBeTruthy();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["#", "Nom", "Email", "Rôle", "Actions"]);
    const own = screen.getByRole("row", { name: /Chef Boutique/ });
    expect(within(own).queryByRole("button")).toBeNull();
    expect(within(own).getByText("Vous")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Modifier le rôle de Éloïse Mbarga" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Modifier le rôle de Jean Fotso" })).toBeTruthy();
  });

  it("offers a password link by WhatsApp for accounts below one's own role, and opens WhatsApp with it", async () => {
    renderScreen({ _id: uuid(3), role: "ADMIN" });
    const name = (who: string) => `Mot de passe par WhatsApp pour ${who}`;
    expect(screen.queryByRole("button", { name: name("Chef Boutique") })).toBeNull();
    const button = screen.getByRole("button", { name: name("Éloïse Mbarga") });
    const whatsappUrl = "https://wa.me/?text=Bonjour";
    const link = { url: "https://shop.cm/reset-password?token=t", expiresAt: "2026-11-22T13:35:00.000Z", whatsappUrl };
    const server = stubApi({ [resetLinkOf(uuid(2))]: ok(MSG.resetLinkMade(1800), link) });
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    fireEvent.click(button);
    await waitFor(() => expect(open).toHaveBeenCalledWith(whatsappUrl, "_blank"));
    expect(server.calls).toEqual([{ route: resetLinkOf(uuid(2)), body: undefined }]);
    // The tab was blocked: the link is there to tap.
    expect(screen.getByRole("link", { name: "Lien prêt : ouvrir WhatsApp" }).getAttribute("href")).toBe(whatsappUrl);
  });

  it("names every action by the words it shows first, then whose row it is (WCAG 2.5.3 Label in Name)", () => {
    renderScreen(superAdmin);
    const names = [
      "Modifier le rôle de Éloïse Mbarga",
      "Mot de passe par WhatsApp pour Éloïse Mbarga",
      "Modifier le rôle de Jean Fotso",
      "Mot de passe par WhatsApp pour Jean Fotso",
    ];
    expect(screen.getAllByRole("button")).toEqual(names.map((name) => screen.getByRole("button", { name })));
    const shown = names.map((name) => {
      const button = screen.getByRole("button", { name });
      // Named by their content, never by an aria-label that says something else.
      expect(button.hasAttribute("aria-label") || button.hasAttribute("aria-labelledby")).toBe(false);
      const visible = button.cloneNode(true) as HTMLElement;
      for (const hidden of visible.querySelectorAll(".sr-only")) hidden.remove();
      expect(name.startsWith(visible.textContent?.trim() ?? "")).toBe(true);
      return visible.textContent?.trim();
    });
    expect(shown).toEqual(["Modifier", "Mot de passe par WhatsApp", "Modifier", "Mot de passe par WhatsApp"]);
  });

  it("offers no role action to an ADMIN, and says why", () => {
    renderScreen({ _id: uuid(3), role: "ADMIN" });
    expect(screen.queryAllByRole("button", { name: /^Modifier le rôle/ })).toEqual([]);
    expect(screen.getByText(MSG.rolesSuperAdminOnly)).toBeTruthy();
  });

  it("links a SUPERADMIN to each other admin's devices, never to a customer's nor their own", () => {
    renderScreen(superAdmin);
    expect(screen.getAllByRole("link", { name: /^Appareils/ })).toEqual([
      screen.getByRole("link", { name: "Appareils de Jean Fotso" }),
    ]);
    expect(screen.getByRole("link", { name: "Appareils de Jean Fotso" }).getAttribute("href")).toBe(
      `/admin-panel/users/${uuid(3)}/devices`,
    );
  });

  it("offers an ADMIN no admin's devices", () => {
    renderScreen({ _id: uuid(3), role: "ADMIN" });
    expect(screen.queryAllByRole("link", { name: /^Appareils/ })).toEqual([]);
  });

  it("filters by name or e-mail whatever the accents and case, counts, and says when nobody matches", () => {
    renderScreen(superAdmin);
    expect(screen.getByRole("status").textContent).toBe("3 utilisateurs");
    const search = screen.getByLabelText("Rechercher par nom ou e-mail");
    fireEvent.change(search, { target: { value: "ELOISE" } });
    expect(screen.getAllByRole("row")).toHaveLength(2); // the header and Éloïse
    expect(screen.getByRole("row", { name: /Éloïse Mbarga/ })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("1 utilisateur sur 3");
    fireEvent.change(search, { target: { value: "@exemple.cm" } });
    expect(screen.getByRole("status").textContent).toBe("2 utilisateurs sur 3");
    fireEvent.change(search, { target: { value: "personne" } });
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("Aucun utilisateur ne correspond à « personne ».")).toBeTruthy();
  });

  it("changes a role: the modal shows the user and every role, 'Changer' sends it, then the toast, closed, list reloaded", async () => {
    let answer: (changed: ApiAnswer) => void = () => {};
    const server = stubApi({ [CHANGE_ROLE]: new Promise((resolve) => (answer = resolve)) });
    const { loader } = renderScreen(superAdmin);
    fireEvent.click(screen.getByRole("button", { name: "Modifier le rôle de Éloïse Mbarga" }));
    const dialog = screen.getByRole("dialog", { name: "Changer le role de l'utilisateur" });
    expect(within(dialog).getByText("Éloïse Mbarga")).toBeTruthy();
    expect(within(dialog).getByText("eloise@exemple.cm")).toBeTruthy();
    const select = within(dialog).getByLabelText("Rôle") as HTMLSelectElement;
    expect(select.value).toBe("GENERAL");
    expect([...select.options].map((o) => o.value)).toEqual(["GENERAL", "ADMIN", "SUPERADMIN"]);
    fireEvent.change(select, { target: { value: "ADMIN" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Changer" }));
    expect(server.sent(CHANGE_ROLE)).toEqual([{ userId: uuid(2), role: "ADMIN" }]);
    expect((within(dialog).getByRole("button", { name: "Changement…" }) as HTMLButtonElement).disabled).toBe(true);
    const loadsBefore = loader.mock.calls.length;
    await act(async () => answer(ok(MSG.userUpdated, aUser({ _id: uuid(2), role: "ADMIN" }))));
    expect(toast.success).toHaveBeenCalledWith(MSG.userUpdated);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(loader.mock.calls.length).toBe(loadsBefore + 1));
  });

  it("keeps the modal open with the server's refusal in it, and says it in a toast too", async () => {
    stubApi({ [CHANGE_ROLE]: refused(409, MSG.lastSuperAdmin) });
    renderScreen(superAdmin);
    fireEvent.click(screen.getByRole("button", { name: "Modifier le rôle de Jean Fotso" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Changer" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(MSG.lastSuperAdmin);
    expect(toast.error).toHaveBeenCalledWith(MSG.lastSuperAdmin);
    expect(toast.success).not.toHaveBeenCalled();
    expect((within(dialog).getByRole("button", { name: "Changer" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("asks to sign in again when the session is over", async () => {
    stubApi({ [CHANGE_ROLE]: refused(401, MSG.authInvalid) });
    renderScreen(superAdmin);
    fireEvent.click(screen.getByRole("button", { name: "Modifier le rôle de Jean Fotso" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Changer" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Erreur d'authentification, veuillez vous reconnecter.",
    );
  });

  it("closes with the ✕ without changing anything", () => {
    const server = stubApi();
    renderScreen(superAdmin);
    fireEvent.click(screen.getByRole("button", { name: "Modifier le rôle de Jean Fotso" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Fermer" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it("shows the list's failure instead of the table", () => {
    renderScreen(superAdmin, MSG.forbidden);
    expect(screen.getByRole("alert").textContent).toBe(MSG.forbidden);
    expect(screen.queryByRole("table")).toBeNull();
  });
});
