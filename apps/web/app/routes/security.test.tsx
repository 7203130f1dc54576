import type { SecondFactor, SecurityOverview } from "@shop/shared";
import { MSG } from "@shop/shared/core";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { uuid } from "../test/builders";
import Security from "./security";

const passkey: SecondFactor = {
  _id: uuid(1),
  kind: "passkey",
  name: "Mon Pixel",
  createdAt: "2026-11-22T09:15:00.000Z",
  lastUsedAt: null,
};

function renderSecurity(overview: Partial<SecurityOverview>, path = "/security") {
  const full: SecurityOverview = {
    factors: [],
    recoveryCodesLeft: 0,
    required: false,
    openedWith: "password",
    ...overview,
  };
  const Stub = createRoutesStub([
    // The loader's answer as the page receives it; the component is the real one.
    {
      path: "/security",
      Component: Security as never,
      loader: () => ({ overview: full }),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe("the security page", () => {
  it("lists the sections, the factors, the codes left and the way to the devices", async () => {
    renderSecurity({ factors: [passkey], recoveryCodesLeft: 9 });
    expect(await screen.findByRole("heading", { level: 1, name: "Sécurité du compte" })).toBeTruthy();
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      "Vos seconds facteurs",
      "Clé d'accès",
      "Application d'authentification",
      "Codes de récupération",
    ]);
    expect(screen.getByRole("article", { name: "Mon Pixel" })).toBeTruthy();
    expect(screen.getByText("Codes de récupération : 9 restants")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mes appareils" }).getAttribute("href")).toBe("/devices");
    expect(screen.queryByText(MSG.secondFactorSetupRequired)).toBeNull();
    expect(screen.queryByRole("link", { name: "Continuer vers l'administration" })).toBeNull();
  });

  it("tells the staff sent here why, until a factor is added", async () => {
    renderSecurity({ required: true }, "/security?required=1");
    expect(await screen.findByText(MSG.secondFactorSetupRequired)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Continuer vers l'administration" })).toBeNull();
  });

  it("leads them on to the back-office once they have one", async () => {
    renderSecurity({ required: true, factors: [passkey], recoveryCodesLeft: 10 }, "/security?required=1");
    const onward = await screen.findByRole("link", { name: "Continuer vers l'administration" });
    expect(onward.getAttribute("href")).toBe("/admin-panel");
    expect(screen.queryByText(MSG.secondFactorSetupRequired)).toBeNull();
  });

  it("offers no second authenticator app", async () => {
    renderSecurity({ factors: [{ ...passkey, kind: "totp", name: "Aegis" }] });
    const section = await screen.findByRole("region", { name: "Application d'authentification" });
    expect(within(section).queryByRole("button")).toBeNull();
  });
});
