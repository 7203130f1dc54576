import type { Device } from "@shop/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { uuid } from "../../test/builders";
import { renderPage } from "../../test/render-page";
import { DeviceCard } from "./device-card";
import { DeviceList } from "./device-list";

const phone: Device = {
  _id: uuid(1),
  device: "Chrome sur Android (Samsung SM-A155F)",
  place: "Internet (41.202.x.x)",
  createdAt: "2026-11-22T09:15:00.000Z",
  lastUsedAt: "2026-11-27T13:05:00.000Z",
  current: false,
  openedWith: "Mot de passe et clé d'accès",
};

const renderCard = (device: Device) => renderPage(<DeviceCard device={device} busy={false} />, "/devices");

describe("DeviceCard", () => {
  it("names the device, says where from, and both dates in the shop's time", () => {
    renderCard(phone);
    const card = screen.getByRole("article", { name: phone.device });
    expect(within(card).getByRole("heading", { level: 2, name: phone.device })).toBeTruthy();
    expect(within(card).getByText(phone.place)).toBeTruthy();
    expect(card.textContent).toContain("Connecté le 22 novembre 2026 à 10:15");
    expect(card.textContent).toContain("Dernière activité le 27 novembre 2026 à 14:05");
    expect(card.textContent).toContain("Connexion : Mot de passe et clé d'accès");
    expect([...card.querySelectorAll("time")].map((t) => t.getAttribute("datetime"))).toEqual([
      phone.createdAt,
      phone.lastUsedAt,
    ]);
    expect(within(card).queryByText("Cet appareil")).toBeNull();
  });

  it("marks the device showing the page, in words", () => {
    renderCard({ ...phone, current: true });
    expect(screen.getByText("Cet appareil")).toBeTruthy();
    expect(screen.getByRole("button", { name: `Déconnecter ${phone.device}, cet appareil` })).toBeTruthy();
  });

  it("is a plain POST form with the session's id, its button named by the word shown then the device", async () => {
    const posted = renderCard(phone);
    const button = screen.getByRole("button", { name: `Déconnecter ${phone.device}` });
    const form = button.closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    const hidden = [...(form?.querySelectorAll<HTMLInputElement>('input[type="hidden"]') ?? [])];
    expect(hidden.map((input) => [input.name, input.value])).toEqual([
      ["intent", "end"],
      ["id", phone._id],
    ]);
    // Label in Name (WCAG 2.5.3): the visible word starts the accessible name.
    const visible = button.cloneNode(true) as HTMLElement;
    for (const words of visible.querySelectorAll(".sr-only")) words.remove();
    expect(visible.textContent?.trim()).toBe("Déconnecter");
    fireEvent.click(button);
    await waitFor(() => expect(posted).toEqual([{ intent: "end", id: phone._id }]));
  });

  it("leaves this very device's sign-out to the browser: a whole page load to the page's action", () => {
    const posted = renderCard({ ...phone, current: true });
    const form = screen.getByRole("button", { name: /^Déconnecter/ }).closest("form") as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/devices");
    // The router does not take the submission over (it would cancel the browser's own).
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(posted).toEqual([]);
  });

  it("cannot be sent twice while a form is on its way", () => {
    renderPage(<DeviceCard device={phone} busy />, "/devices");
    expect((screen.getByRole("button", { name: /^Déconnecter/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("DeviceList", () => {
  it("lists one card per session, or says there is none", () => {
    const laptop: Device = { ...phone, _id: uuid(2), device: "Firefox sur Windows", current: true };
    renderPage(<DeviceList devices={[laptop, phone]} busy={false} />, "/devices");
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
      "Firefox sur Windows",
      phone.device,
    ]);
  });

  it("says when no device is connected", () => {
    renderPage(<DeviceList devices={[]} busy={false} />, "/devices");
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.getByText("Aucun appareil connecté.")).toBeTruthy();
  });
});
