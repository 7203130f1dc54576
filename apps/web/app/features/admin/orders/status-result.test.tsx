import { orderStatusWhatsappMessage } from "@shop/shared/back-office";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { resetToasts, Toaster } from "../../../components/ui/toast";
import { anAdminOrder } from "../../../test/builders";
import { CustomerWhatsapp, StatusResult } from "./status-result";

const order = anAdminOrder({
  reference: "CMD-7K4Q",
  channel: "form",
  status: "confirmée",
  name: "Awa Ngono",
  phone: "+237677123456",
  address: "Maképé, Yaoundé",
  hasFile: true,
  file: { url: "/api/orders/CMD-7K4Q/file", name: "photo.png", type: "image/png" },
});

afterEach(() => act(() => resetToasts()));

describe("StatusResult", () => {
  it("toasts the server's message on a change and keeps it on the page, focused", () => {
    render(
      <>
        <StatusResult result={{ ok: true, status: "confirmée", message: "Statut de la commande mis à jour." }} />
        <Toaster />
      </>,
    );
    expect(screen.getByRole("status").textContent).toBe("Statut de la commande mis à jour.");
    const kept = screen.getByText("Statut de la commande mis à jour. Nouveau statut : Confirmée.");
    expect(document.activeElement?.contains(kept)).toBe(true);
  });

  it("shows the server's refusal as an alert, without a success toast", () => {
    render(
      <>
        <StatusResult result={{ ok: false, message: "Ce changement de statut n'est pas possible." }} />
        <Toaster />
      </>,
    );
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(alerts).toContain("Ce changement de statut n'est pas possible.");
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("says nothing before a change", () => {
    const { container } = render(<StatusResult />);
    expect(container.textContent).toBe("");
  });
});

describe("CustomerWhatsapp", () => {
  it("links to the customer's number with the current status's message, and shows that message", () => {
    render(<CustomerWhatsapp order={order} justChanged={false} />);
    const link = screen.getByRole("link", { name: "Prévenir le client sur WhatsApp" });
    const text = orderStatusWhatsappMessage("CMD-7K4Q", "confirmée", "Awa Ngono");
    expect(link.getAttribute("href")).toBe(`https://wa.me/237677123456?text=${encodeURIComponent(text)}`);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(screen.getByText(`Message : « ${text} »`)).toBeTruthy();
    expect(screen.queryByText("Prévenez le client de son nouveau statut :")).toBeNull();
  });

  it("asks to tell the customer right after a change", () => {
    render(<CustomerWhatsapp order={order} justChanged />);
    expect(screen.getByText("Prévenez le client de son nouveau statut :")).toBeTruthy();
  });

  it("without a number, lets WhatsApp ask for the chat and says so", () => {
    render(<CustomerWhatsapp order={{ ...order, phone: null, channel: "whatsapp" }} justChanged={false} />);
    expect(screen.getByRole("link", { name: "Prévenir le client sur WhatsApp" }).getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\/\?text=/,
    );
    expect(screen.getByText(/WhatsApp vous demandera à quelle discussion/)).toBeTruthy();
  });
});
