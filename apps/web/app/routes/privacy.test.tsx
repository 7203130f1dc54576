import type { PrivacyNotice, ShopIdentity } from "@shop/shared";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../test/api";
import Privacy, { loader } from "./privacy";

const SHOP: ShopIdentity = {
  name: "Boutique Test",
  phone: "237699000000",
  whatsapp: "237699000000",
  email: "contact@boutique.cm",
  address: "Yaoundé, quartier Maképé",
  social: {},
};

const aNotice = (values: Partial<PrivacyNotice> = {}): PrivacyNotice => ({
  controller: {
    name: "Boutique Test SARL",
    address: "Maképé, Yaoundé",
    phone: "237699000000",
    email: "donnees@boutique.cm",
  },
  activities: [
    {
      purpose: "Préparer, livrer et suivre les commandes",
      legalBasis: "Le contrat de vente",
      data: "Nom, numéro, adresse, fichier joint",
      people: "Clients",
      retention: "10 ans après la livraison",
      recipients: "Le personnel de la boutique, le livreur",
    },
  ],
  retention: {
    orderFilesDays: 90,
    contactMessagesDays: 365,
    sessionAddressesDays: 90,
    abandonedCartsDays: 180,
    closedOrdersYears: 10,
    inactiveAccountsYears: 3,
  },
  recipients: [{ name: "Notch Pay", purpose: "Paiements Mobile Money", data: "numéro, montant" }],
  requestDays: 30,
  authority: {
    name: "Autorité de Protection des Données à caractère Personnel (APDP)",
    address: "Yaoundé, Cameroun",
    url: "https://apdp.cm/",
  },
  updatedAt: "2026-11-22T09:15:00.000Z",
  ...values,
});

/** The page under a root route that gives the shop's identity, as root.tsx does. */
async function renderPrivacy() {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ shop: SHOP, session: null, notice: null }),
      Component: () => <Outlet />,
      HydrateFallback: () => null,
      children: [
        {
          path: "privacy",
          Component: Privacy as never,
          loader: ({ request }) => loader({ request } as never),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/privacy"]} />);
  return screen.findByRole("heading", { level: 1, name: "Politique de confidentialité" });
}

const section = (name: string) => screen.getByRole("region", { name });

describe("'Confidentialité', generated from the shop's register and settings", () => {
  it("says who answers, what is done and why, how long, which services, the rights and the APDP", async () => {
    stubApi({ "GET /api/privacy-notice": ok("", aNotice()) });
    await renderPrivacy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Qui est responsable de vos données",
      "Ce que nous faisons de vos données, et pourquoi",
      "Combien de temps nous les gardons",
      "Les services extérieurs qui en reçoivent",
      "Pas de traceurs",
      "Vos droits, et comment les exercer",
      "Se plaindre auprès de l'APDP",
    ]);
    expect(screen.getByText(/Mise à jour le/).textContent).toBe("Mise à jour le 22 novembre 2026.");

    const controller = section("Qui est responsable de vos données");
    expect(controller.textContent).toContain("Boutique Test SARL, Maképé, Yaoundé");
    expect(within(controller).getByRole("link", { name: "+237 6 99 00 00 00" }).getAttribute("href")).toBe(
      "tel:+237699000000",
    );
    expect(within(controller).getByRole("link", { name: "donnees@boutique.cm" }).getAttribute("href")).toBe(
      "mailto:donnees@boutique.cm",
    );

    const activity = section("Ce que nous faisons de vos données, et pourquoi");
    expect(within(activity).getByRole("heading", { level: 3 }).textContent).toBe(
      "Préparer, livrer et suivre les commandes",
    );
    const terms = within(activity)
      .getAllByRole("term")
      .map((t) => t.textContent);
    const definitions = within(activity)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, definitions[i]]))).toEqual({
      "Base légale": "Le contrat de vente",
      Données: "Nom, numéro, adresse, fichier joint",
      "Personnes concernées": "Clients",
      "Durée de conservation": "10 ans après la livraison",
      "Qui les voit": "Le personnel de la boutique, le livreur",
    });

    expect(
      within(section("Combien de temps nous les gardons"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Les fichiers joints aux commandes et les captures de transfert : effacés 90 jours après la livraison ou l'annulation de la commande.",
      "Les commandes livrées ou annulées : gardées 10 ans pour la comptabilité (dix ans au moins), puis effacées.",
      "Un panier auquel personne n'a touché : vidé après 180 jours.",
      "Les messages envoyés depuis la page Contact : effacés après 1 an.",
      "L'adresse internet depuis laquelle vous vous êtes connecté : effacée après 90 jours.",
      "Un compte qui ne sert plus : supprimé après 3 ans sans connexion ; nous vous prévenons 30 jours avant.",
    ]);
    expect(section("Les services extérieurs qui en reçoivent").textContent).toContain(
      "Notch Pay : Paiements Mobile Money (numéro, montant).",
    );

    const rights = section("Vos droits, et comment les exercer");
    for (const right of ["accès", "portabilité", "rectification", "opposition", "effacement"]) {
      expect(rights.textContent).toContain(right);
    }
    expect(within(rights).getByRole("link", { name: "Mes données" }).getAttribute("href")).toBe("/my-data");
    expect(within(rights).getByRole("link", { name: "Suivi de commande" }).getAttribute("href")).toBe("/order-status");
    expect(rights.textContent).toContain("Nous répondons dans les 30 jours.");

    const authority = section("Se plaindre auprès de l'APDP");
    expect(authority.textContent).toContain(
      "Autorité de Protection des Données à caractère Personnel (APDP), Yaoundé, Cameroun",
    );
    expect(within(authority).getByRole("link", { name: "apdp.cm" }).getAttribute("href")).toBe("https://apdp.cm/");
  });

  it("says when no outside service receives anything", async () => {
    stubApi({ "GET /api/privacy-notice": ok("", aNotice({ recipients: [] })) });
    await renderPrivacy();
    expect(section("Les services extérieurs qui en reçoivent").textContent).toContain(
      "Aucun service extérieur ne reçoit vos données.",
    );
  });

  it("answers with the text that holds whatever the settings, when they cannot be read", async () => {
    stubApi({ "GET /api/privacy-notice": refused(500, "boom") });
    await renderPrivacy();
    expect(screen.getByRole("main").textContent).toContain("Boutique Test (Yaoundé, quartier Maképé)");
    const rights = section("Voir, corriger ou effacer vos données");
    expect(within(rights).getByRole("link", { name: "Mes données" }).getAttribute("href")).toBe("/my-data");
    expect(within(rights).getByRole("link", { name: "Suivi de commande" }).getAttribute("href")).toBe("/order-status");
    // Nothing the code does not do: no "kept until you ask us".
    expect(screen.getByRole("main").textContent).not.toContain("jusqu'à ce que vous nous demandiez");
    expect(screen.queryByText(/Mise à jour le/)).toBeNull();
  });
});
