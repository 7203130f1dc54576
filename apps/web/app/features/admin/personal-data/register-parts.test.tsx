import { FIELD_MSG, MSG } from "@shop/shared/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { aProcessingActivity, uuid } from "../../../test/builders";
import { renderPage } from "../../../test/render-page";
import { ACTIVITY_REFUSED, type ActivityResult } from "./register-action.server";
import { ActivitySection, PrintButton } from "./register-parts";

const ID = uuid(42);
const renderSection = (result?: ActivityResult) =>
  renderPage(
    <ActivitySection activity={aProcessingActivity()} busy={false} result={result} />,
    "/admin-panel/personal-data/register",
  );

describe("ActivitySection", () => {
  it("reads as the register's table: each of the six answers beside its name", () => {
    renderSection();
    const section = screen.getByRole("region", { name: "1. Gestion des commandes" });
    const rows = within(section)
      .getAllByRole("row")
      .map((row) => [within(row).getByRole("rowheader").textContent, within(row).getByRole("cell").textContent]);
    expect(rows).toEqual([
      ["Finalité", "Gestion des commandes"],
      ["Base légale", "Exécution du contrat"],
      ["Données", "Nom, téléphone, adresse de livraison"],
      ["Personnes concernées", "Clients"],
      ["Durée de conservation", "10 ans après la livraison"],
      ["Destinataires", "La boutique"],
    ]);
  });

  it("edits the processing under 'Modifier', posted to the page's action", async () => {
    const posted = renderSection();
    const details = document.querySelector("details") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.className).toContain("print:hidden");
    const form = screen.getByRole("form", { name: "Modifier : Gestion des commandes" });
    fireEvent.change(within(form).getByLabelText("Destinataires"), {
      target: { value: "La boutique, le livreur" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          id: ID,
          purpose: "Gestion des commandes",
          legalBasis: "Exécution du contrat",
          data: "Nom, téléphone, adresse de livraison",
          people: "Clients",
          retention: "10 ans après la livraison",
          recipients: "La boutique, le livreur",
        },
      ]),
    );
  });

  it("opens again on a refusal, the texts as typed and each error under its field", () => {
    renderSection({
      id: ID,
      ok: false,
      message: ACTIVITY_REFUSED,
      values: {
        purpose: "Gestion des commandes",
        legalBasis: "",
        data: "Nom",
        people: "Clients",
        retention: "10 ans",
        recipients: "La boutique",
      },
      errors: { legalBasis: FIELD_MSG.registerFieldRequired },
    });
    expect((document.querySelector("details") as HTMLDetailsElement).open).toBe(true);
    const basis = screen.getByLabelText("Base légale") as HTMLTextAreaElement;
    expect(basis.value).toBe("");
    expect(basis.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(basis);
    expect((screen.getByLabelText("Données") as HTMLTextAreaElement).value).toBe("Nom");
    expect(screen.getByText(FIELD_MSG.registerFieldRequired)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(ACTIVITY_REFUSED);
  });

  it("says a save in the server's words, for its own processing only", () => {
    renderSection({ id: ID, ok: true, message: MSG.registerSaved });
    expect(screen.getByRole("status").textContent).toBe(MSG.registerSaved);
  });

  it("ignores another processing's result", () => {
    renderSection({ id: uuid(99), ok: false, message: ACTIVITY_REFUSED, errors: {} });
    expect(screen.queryByRole("alert")).toBeNull();
    expect((document.querySelector("details") as HTMLDetailsElement).open).toBe(false);
  });
});

describe("PrintButton", () => {
  it("prints with the browser's print, and is left off the printed page", () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    renderPage(<PrintButton />);
    const button = screen.getByRole("button", { name: "Imprimer" });
    expect(button.className).toContain("print:hidden");
    fireEvent.click(button);
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });
});
