import type { AdminPrivacyRequest } from "@shop/shared";
import { FIELD_MSG, MSG } from "@shop/shared/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { anAdminPrivacyRequest, uuid } from "../../../test/builders";
import { renderPage } from "../../../test/render-page";
import type { AnswerResult } from "./personal-data-action.server";
import { requestView } from "./personal-data-view.server";
import { RequestCard } from "./request-card";

const ID = uuid(41);
const renderCard = (values: Partial<AdminPrivacyRequest> = {}, result?: AnswerResult) =>
  renderPage(
    <RequestCard request={requestView(anAdminPrivacyRequest(values))} busy={false} result={result} />,
    "/admin-panel/personal-data",
  );

const card = () => screen.getByRole("article");

describe("RequestCard", () => {
  it("says what the customer asks, about which order, who, when, and by when to answer", () => {
    renderCard({
      createdAt: "2026-11-22T13:05:00.000Z",
      dueAt: "2026-12-22T13:05:00.000Z",
      message: "Merci de m'envoyer une copie.",
    });
    expect(screen.getByRole("heading", { name: "Recevoir une copie de mes données" })).toBeTruthy();
    expect(within(card()).getByText("À traiter")).toBeTruthy();
    expect(screen.getByRole("link", { name: "CMD-7K4Q" }).getAttribute("href")).toBe("/admin-panel/orders/CMD-7K4Q");
    expect(within(card()).getByText("Awa Ngono")).toBeTruthy();
    expect(screen.getByRole("link", { name: "+237677123456" }).getAttribute("href")).toBe("tel:+237677123456");
    expect(within(card()).getByText("Merci de m'envoyer une copie.")).toBeTruthy();
    expect(within(card()).getByText("22/11/2026 à 14:05")).toBeTruthy();
    expect(card().textContent).toContain("À répondre avant le 22/12/2026");
    expect(within(card()).queryByText("En retard")).toBeNull();
  });

  it("marks a late request in words", () => {
    renderCard({ overdue: true });
    expect(within(card()).getByText("En retard")).toBeTruthy();
  });

  it("offers an access request's data as a download, from the API with the session", () => {
    renderCard();
    const link = screen.getByRole("link", { name: /^Télécharger ses données/ });
    expect(link.getAttribute("href")).toBe(`/api/admin/privacy-requests/${ID}/archive`);
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("offers no download for other requests", () => {
    renderCard({ kind: "correction" });
    expect(screen.queryByRole("link", { name: /^Télécharger ses données/ })).toBeNull();
  });

  it("marks a request carried out, with the note, through the page's action", async () => {
    const posted = renderCard();
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "Copie envoyée par WhatsApp." } });
    fireEvent.click(screen.getByRole("button", { name: /^Marquer comme traitée/ }));
    await waitFor(() =>
      expect(posted).toEqual([
        { intent: "answer", id: ID, kind: "access", note: "Copie envoyée par WhatsApp.", outcome: "done" },
      ]),
    );
  });

  it("refuses a request through the same form", async () => {
    const posted = renderCard({ kind: "correction" });
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "Commande d'une autre personne." } });
    fireEvent.click(screen.getByRole("button", { name: /^Refuser/ }));
    await waitFor(() => expect(posted).toMatchObject([{ outcome: "refused", note: "Commande d'une autre personne." }]));
  });

  it("shows a refused note under its field, as typed, and focuses it", () => {
    renderCard(
      {},
      {
        form: "answer",
        id: ID,
        ok: false,
        message: FIELD_MSG.privacyRefusalReason,
        note: "",
        noteError: FIELD_MSG.privacyRefusalReason,
      },
    );
    const note = screen.getByLabelText("Note");
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(FIELD_MSG.privacyRefusalReason)).toBeTruthy();
    expect(document.activeElement).toBe(note);
  });

  it("shows the server's refusal beside the form of its request only", () => {
    const message = MSG.privacyGuestOrderOpen("CMD-7K4Q");
    renderCard({}, { form: "answer", id: ID, ok: false, message, note: "" });
    expect(within(card()).getByRole("alert").textContent).toBe(message);
  });

  it("ignores a result about another request", () => {
    renderCard({}, { form: "answer", id: uuid(99), ok: false, message: "Autre", note: "", noteError: "Autre" });
    expect(screen.queryByText("Autre")).toBeNull();
  });

  it("shows when, by whom and what an answered request was answered, without a form", () => {
    renderCard({
      status: "answered",
      answeredAt: "2026-11-23T09:30:00.000Z",
      answeredBy: "Super Admin",
      answer: "Copie envoyée.",
    });
    expect(within(card()).getByText("Répondue", { selector: "span" })).toBeTruthy();
    expect(card().textContent).toContain("Répondue le 23/11/2026 à 10:30 par Super Admin");
    expect(card().textContent).toContain("Réponse : Copie envoyée.");
    expect(screen.queryByRole("form")).toBeNull();
    expect(card().textContent).not.toContain("À répondre avant le");
  });

  it("says what an erasure removed", () => {
    renderCard({ kind: "erasure", status: "answered", name: null, phone: null, answeredBy: "Super Admin" });
    expect(within(card()).getAllByText("Effacé")).toHaveLength(2);
    expect(screen.queryByRole("link", { name: /^Télécharger/ })).toBeNull();
  });
});
