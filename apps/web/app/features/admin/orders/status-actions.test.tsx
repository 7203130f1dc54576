import { ORDER_STATUSES, type OrderStatus } from "@shop/shared/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { StatusActions, statusChoices } from "./status-actions";

function renderActions(status: OrderStatus, posted: string[] = []) {
  const Stub = createRoutesStub([
    {
      path: "/admin-panel/orders/CMD-7K4Q",
      Component: () => <StatusActions status={status} busy={false} />,
      action: async ({ request }) => {
        posted.push(String((await request.formData()).get("status")));
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={["/admin-panel/orders/CMD-7K4Q"]} />);
  return posted;
}

/** The submit buttons' names, in order, visible or inside a closed confirmation. */
const buttonNames = () =>
  screen.queryAllByRole("button", { hidden: true }).map((b) => `${b.textContent}=${(b as HTMLButtonElement).value}`);

describe("statusChoices", () => {
  it("offers what the transition rule allows, the final statuses apart", () => {
    expect(statusChoices("nouvelle")).toEqual({ direct: ["confirmée", "payée"], confirm: ["livrée", "annulée"] });
    expect(statusChoices("confirmée")).toEqual({ direct: ["payée"], confirm: ["livrée", "annulée"] });
    expect(statusChoices("payée")).toEqual({ direct: [], confirm: ["livrée", "annulée"] });
    expect(statusChoices("livrée")).toEqual({ direct: [], confirm: [] });
    expect(statusChoices("annulée")).toEqual({ direct: [], confirm: [] });
  });
});

describe("StatusActions", () => {
  it("shows a button per allowed status, the final ones behind a confirmation", () => {
    renderActions("nouvelle");
    expect(buttonNames()).toEqual([
      "Confirmer la commande=confirmée",
      "Marquer comme payée=payée",
      "Oui, marquer comme livrée=livrée",
      "Oui, annuler la commande=annulée",
    ]);
    // The final ones are not one tap away: their button is inside a closed <details>.
    const summaries = [...document.querySelectorAll("summary")].map((s) => s.textContent);
    expect(summaries).toEqual(["Marquer comme livrée…", "Annuler la commande…"]);
    for (const details of document.querySelectorAll("details")) expect(details.open).toBe(false);
    expect(screen.getByText(/définitif/).closest("details")).not.toBeNull();
  });

  it("offers only what is left from payée", () => {
    renderActions("payée");
    expect(buttonNames()).toEqual(["Oui, marquer comme livrée=livrée", "Oui, annuler la commande=annulée"]);
  });

  it.each(["livrée", "annulée"] as const)("offers nothing for a %s order, and says why", (status) => {
    renderActions(status);
    expect(screen.queryAllByRole("button", { hidden: true })).toEqual([]);
    expect(screen.getByText(/est définitif : il ne peut plus être changé/)).toBeTruthy();
  });

  it("never offers the current status or going back", () => {
    for (const status of ORDER_STATUSES) {
      const { direct, confirm } = statusChoices(status);
      const offered = [...direct, ...confirm];
      expect(offered).not.toContain(status);
      expect(offered).not.toContain("nouvelle");
    }
  });

  it("posts the chosen status to the page's action", async () => {
    const posted = renderActions("nouvelle");
    fireEvent.click(screen.getByRole("button", { name: "Confirmer la commande" }));
    await waitFor(() => expect(posted).toEqual(["confirmée"]));
  });
});
