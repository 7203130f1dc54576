import { FIELD_MSG, MSG } from "@shop/shared/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-page";
import { RETENTION_REFUSED, type RetentionResult } from "./personal-data-action.server";
import { retentionFields } from "./personal-data-view.server";
import { RetentionForm } from "./retention-form";

const SETTINGS = {
  orderFilesDays: 90,
  contactMessagesDays: 365,
  sessionAddressesDays: 90,
  abandonedCartsDays: 180,
  closedOrdersYears: 10,
  inactiveAccountsYears: 3,
};
const CLOSED_ORDERS = "Commandes livrées ou annulées (années, 10 au moins pour la comptabilité)";
const MESSAGES = "Messages « Contact » (jours)";

const renderForm = (lastRun: Parameters<typeof RetentionForm>[0]["lastRun"] = null, result?: RetentionResult) =>
  renderPage(
    <RetentionForm fields={retentionFields(SETTINGS)} lastRun={lastRun} busy={false} result={result} />,
    "/admin-panel/personal-data",
  );

describe("RetentionForm", () => {
  it("gives each duration its words, its bounds and its value", () => {
    renderForm();
    const closed = screen.getByLabelText(CLOSED_ORDERS) as HTMLInputElement;
    expect([closed.value, closed.min, closed.max, closed.type]).toEqual(["10", "10", "30", "number"]);
    expect(screen.getByText("Entre 10 et 30.")).toBeTruthy();
    expect((screen.getByLabelText(MESSAGES) as HTMLInputElement).value).toBe("365");
    expect(screen.getAllByRole("spinbutton")).toHaveLength(6);
  });

  it("posts every duration to the page's action", async () => {
    const posted = renderForm();
    fireEvent.change(screen.getByLabelText(MESSAGES), { target: { value: "200" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          intent: "retention",
          orderFilesDays: "90",
          contactMessagesDays: "200",
          sessionAddressesDays: "90",
          abandonedCartsDays: "180",
          closedOrdersYears: "10",
          inactiveAccountsYears: "3",
        },
      ]),
    );
  });

  it("shows each refused duration's error under it, with the value as typed", () => {
    renderForm(null, {
      form: "retention",
      ok: false,
      message: RETENTION_REFUSED,
      values: {
        orderFilesDays: "90",
        contactMessagesDays: "365",
        sessionAddressesDays: "90",
        abandonedCartsDays: "180",
        closedOrdersYears: "5",
        inactiveAccountsYears: "3",
      },
      errors: { closedOrdersYears: FIELD_MSG.retentionInvalid(10, 30) },
    });
    const closed = screen.getByLabelText(CLOSED_ORDERS) as HTMLInputElement;
    expect(closed.value).toBe("5");
    expect(closed.getAttribute("aria-invalid")).toBe("true");
    expect(closed.getAttribute("aria-describedby")).toContain("retention-closedOrdersYears-error");
    expect(screen.getByText(FIELD_MSG.retentionInvalid(10, 30))).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(RETENTION_REFUSED);
  });

  it("says a save in the server's words", () => {
    renderForm(null, { form: "retention", ok: true, message: MSG.retentionSaved });
    expect(screen.getByRole("status").textContent).toBe(MSG.retentionSaved);
  });

  it("says what the last clean-up removed, in words", () => {
    renderForm({
      at: "2026-11-22T02:00:00.000Z",
      removed: { contactMessages: 3, orderFiles: 0, sessionAddresses: 12, somethingNew: 1 },
    });
    expect(screen.getByText(/Dernier nettoyage le/).textContent).toContain("22/11/2026 à 03:00");
    const lines = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(lines).toEqual(["Messages « Contact » : 3", "Adresses de connexion : 12", "somethingNew : 1"]);
  });

  it("says when the clean-up removed nothing, or has not run yet", () => {
    renderForm({ at: "2026-11-22T02:00:00.000Z", removed: { contactMessages: 0 } });
    expect(screen.getByText("Rien n'était à supprimer.")).toBeTruthy();
  });

  it("says the clean-up has not run yet", () => {
    renderForm(null);
    expect(screen.getByText("Le nettoyage quotidien n'a pas encore eu lieu.")).toBeTruthy();
  });
});
