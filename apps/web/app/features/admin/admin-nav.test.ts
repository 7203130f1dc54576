import { describe, expect, it } from "vitest";
import { adminLinksFor } from "./admin-nav";

describe("the back-office's links", () => {
  it("offer the Journal to the SUPERADMIN, last", () => {
    expect(adminLinksFor("SUPERADMIN").at(-1)).toMatchObject({ to: "/admin-panel/journal", label: "Journal" });
  });

  it("lead every admin to their own account's security", () => {
    for (const role of ["ADMIN", "SUPERADMIN"] as const) {
      expect(adminLinksFor(role)).toContainEqual(
        expect.objectContaining({ to: "/security", label: "Sécurité du compte" }),
      );
    }
  });

  it("offer 'Catégories' to every admin, right after the products", () => {
    for (const role of ["ADMIN", "SUPERADMIN"] as const) {
      const labels = adminLinksFor(role).map((link) => link.label);
      expect(labels.indexOf("Catégories")).toBe(labels.indexOf("Produits") + 1);
    }
    expect(adminLinksFor("ADMIN")).toContainEqual(
      expect.objectContaining({ to: "/admin-panel/categories", label: "Catégories" }),
    );
  });

  it("offer 'Promotions' to every admin, right after 'Livraison'", () => {
    for (const role of ["ADMIN", "SUPERADMIN"] as const) {
      const links = adminLinksFor(role);
      const at = links.findIndex((link) => link.label === "Livraison");
      expect(links[at + 1]).toMatchObject({ to: "/admin-panel/promotions", label: "Promotions" });
    }
  });

  it("offer 'Données personnelles' to the SUPERADMIN", () => {
    expect(adminLinksFor("SUPERADMIN")).toContainEqual(
      expect.objectContaining({ to: "/admin-panel/personal-data", label: "Données personnelles" }),
    );
  });

  it("leave the Journal and 'Données personnelles' out for an ADMIN, and nothing else", () => {
    const owners = ["Données personnelles", "Journal"];
    const admin = adminLinksFor("ADMIN").map((link) => link.label);
    for (const label of owners) expect(admin).not.toContain(label);
    expect(admin).toEqual(
      adminLinksFor("SUPERADMIN")
        .map((link) => link.label)
        .filter((label) => !owners.includes(label)),
    );
  });
});
