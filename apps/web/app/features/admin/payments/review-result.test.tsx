import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { resetToasts, Toaster } from "../../../components/ui/toast";
import { aReviewResult } from "../../../test/builders";
import type { PaymentReviewResult } from "./review-payment.server";
import { PaymentReviewMessage } from "./review-result";

function renderMessage(result?: PaymentReviewResult) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <PaymentReviewMessage result={result} />
          <Toaster />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

const base = aReviewResult({ decision: "approve", reference: "CMD-7K4Q" });

afterEach(() => act(() => resetToasts()));

describe("PaymentReviewMessage", () => {
  it("toasts an approval and keeps it on the page, focused, with a link to the order", async () => {
    renderMessage({ ...base, ok: true, message: "Paiement approuvé : la commande est payée." });
    expect((await screen.findByRole("status")).textContent).toBe("Paiement approuvé : la commande est payée.");
    const kept = screen.getByRole("link", { name: "Commande CMD-7K4Q" }).closest("p")!;
    expect(kept.textContent).toBe("Paiement approuvé : la commande est payée. Commande CMD-7K4Q");
    expect(document.activeElement?.contains(kept)).toBe(true);
    expect(screen.getByRole("link", { name: "Commande CMD-7K4Q" }).getAttribute("href")).toBe(
      "/admin-panel/orders/CMD-7K4Q",
    );
  });

  it("shows a refusal (another admin was quicker) as an alert, without a success toast", async () => {
    renderMessage({ ...base, ok: false, reference: null, message: "Ce paiement n'est pas à vérifier." });
    expect((await screen.findAllByRole("alert")).map((a) => a.textContent)).toContain(
      "Ce paiement n'est pas à vérifier.",
    );
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("leaves a refused reason to its field, and says nothing before a decision", async () => {
    renderMessage({ ...base, decision: "reject", ok: false, message: "Donnez la raison…", reasonError: true });
    await screen.findByRole("status");
    expect(screen.queryByText("Donnez la raison…")).toBeNull();
  });
});
