import type { ContactMessage } from "@shop/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-page";
import { MessageCard } from "./message-card";

const message: ContactMessage = {
  _id: "0b7e1c6a-3f1e-4c8e-9a55-1f6d2b8e4a10",
  name: "Awa Ngono",
  email: "awa@exemple.cm",
  subject: "Garantie",
  message: "Mon téléphone a un souci.",
  read: false,
  readAt: null,
  createdAt: "2026-11-22T13:05:00.000Z",
};

const renderCard = (value: ContactMessage) =>
  renderPage(<MessageCard message={value} busy={false} />, "/admin-panel/messages");

describe("MessageCard", () => {
  it("says an unread message is unread in words, with sender, date and a reply link", () => {
    renderCard(message);
    expect(screen.getByText("Non lu")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Garantie" })).toBeTruthy();
    expect(screen.getByText("Awa Ngono")).toBeTruthy();
    expect(screen.getByText("22/11/2026 à 14:05")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Répondre par e-mail à Awa Ngono" }).getAttribute("href")).toBe(
      "mailto:awa@exemple.cm?subject=Re%3A%20Garantie",
    );
  });

  it("marks an unread message read through the page's action", async () => {
    const posted = renderCard(message);
    fireEvent.click(screen.getByRole("button", { name: "Marquer comme lu : Garantie" }));
    await waitFor(() => expect(posted).toEqual([{ id: message._id, read: "true" }]));
  });

  it("marks a read message unread", async () => {
    const posted = renderCard({ ...message, read: true, readAt: "2026-11-22T14:00:00.000Z" });
    expect(screen.getByText("Lu")).toBeTruthy();
    expect(screen.queryByText("Non lu")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Marquer comme non lu : Garantie" }));
    await waitFor(() => expect(posted).toEqual([{ id: message._id, read: "false" }]));
  });

  it("folds a long message: its start, then the whole text on demand", () => {
    const long = `Bonjour, ${"je voudrais des précisions sur la garantie. ".repeat(20)}Merci.`;
    renderCard({ ...message, message: long });
    const details = document.querySelector("details");
    expect(details?.open).toBe(false);
    expect(details?.querySelector("summary")?.textContent).toContain("Lire tout le message");
    expect(details?.querySelector("p")?.textContent).toBe(long);
  });
});
