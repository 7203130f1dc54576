import type { PaymentPoll } from "@shop/shared";
import { formatPrice, MSG } from "@shop/shared/core";
import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { aPaymentPoll } from "../../test/builders";
import { pollerBrowser } from "../../test/poller-browser";
import { PaymentWait } from "./payment-wait";

const POLL = aPaymentPoll({
  method: "mobile_money",
  operator: "mtn",
  phone: "+237677123456",
  amount: 251_500,
  state: "pending",
  orderReference: "CMD-7K4Q",
  orderPaid: false,
});

function renderWait(initial: PaymentPoll, read: (id: string) => Promise<PaymentPoll>, env = pollerBrowser().env) {
  const Stub = createRoutesStub([
    { path: "/payment/:id", Component: () => <PaymentWait initial={initial} read={read} env={env} /> },
  ]);
  render(<Stub initialEntries={[`/payment/${initial._id}`]} />);
}

const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("PaymentWait", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("while pending: what to do on the phone, the operator's hint, and a refresh without JavaScript", () => {
    renderWait(
      POLL,
      vi.fn(async () => POLL),
    );
    expect(screen.getByRole("heading", { name: "En attente de votre confirmation" })).toBeTruthy();
    expect(screen.getByText(/^Un message de confirmation/).textContent).toBe(
      `Un message de confirmation va s'afficher sur le téléphone 6\u00a077\u00a012\u00a034\u00a056. Entrez votre code secret MTN MoMo pour valider le paiement de ${formatPrice(251_500)}.`,
    );
    expect(screen.getByText(/Composez \*126#/)).toBeTruthy();
    expect(screen.getByText("CMD-7K4Q")).toBeTruthy();
    // React renders <noscript>'s content on the server only; in the browser it stays empty.
    expect(document.querySelector("noscript")).not.toBeNull();
    expect(screen.getByRole("link", { name: "Actualiser" }).getAttribute("href")).toBe(`/payment/${POLL._id}`);
  });

  it("Orange's hint for an Orange payment", () => {
    renderWait(
      { ...POLL, operator: "orange", phone: "+237699123456" },
      vi.fn(async () => POLL),
    );
    expect(screen.getByText(/Entrez votre code secret Orange Money/)).toBeTruthy();
    expect(screen.getByText(/Composez #150\*50#/)).toBeTruthy();
  });

  it("follows the payment every 3 s and ends on 'Paiement reçu', focused, with the way to the order", async () => {
    const answers: PaymentPoll[] = [POLL, { ...POLL, state: "paid", orderPaid: true }];
    const read = vi.fn(async () => answers.shift() ?? POLL);
    renderWait(POLL, read);
    await later(2999);
    expect(read).not.toHaveBeenCalled();
    await later(1);
    expect(read).toHaveBeenCalledWith(POLL._id);
    expect(screen.getByRole("heading", { name: "En attente de votre confirmation" })).toBeTruthy();
    await later(3000);
    const heading = screen.getByRole("heading", { name: "Paiement reçu" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/est payée/).textContent).toBe(
      `Votre commande CMD-7K4Q est payée : ${formatPrice(251_500)} par MTN MoMo. Merci !`,
    );
    expect(screen.getByRole("link", { name: "Suivre ma commande" }).getAttribute("href")).toBe(
      "/order-status?reference=CMD-7K4Q",
    );
    await later(60_000);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("ends on the reason with 'Réessayer' and the other operator", async () => {
    const read = vi.fn(async () => ({ ...POLL, state: "failed" as const, reason: MSG.paymentInsufficient }));
    renderWait(POLL, read);
    await later(3000);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Paiement non effectué" }));
    expect(screen.getByText(MSG.paymentInsufficient)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Réessayer" }).getAttribute("href")).toBe(
      "/pay/CMD-7K4Q?t=jeton&operator=mtn",
    );
    expect(screen.getByRole("link", { name: "Payer avec Orange Money" }).getAttribute("href")).toBe(
      "/pay/CMD-7K4Q?t=jeton&operator=orange",
    );
  });

  it("opened on a failed attempt whose order got paid meanwhile: no retry, and the focus is left alone", () => {
    renderWait({ ...POLL, state: "failed", reason: MSG.paymentTimedOut, orderPaid: true }, vi.fn());
    expect(screen.getByText("Votre commande est déjà payée : vous n'avez rien d'autre à faire.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Réessayer" })).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  it("an attempt the shop checks says so", () => {
    const read = vi.fn();
    renderWait({ ...POLL, state: "to_verify" }, read);
    expect(screen.getByRole("heading", { name: "Paiement en cours de vérification" })).toBeTruthy();
  });

  it("does not read a finished attempt again", async () => {
    const read = vi.fn(async () => POLL);
    renderWait({ ...POLL, state: "paid", orderPaid: true }, read);
    await later(30_000);
    expect(read).not.toHaveBeenCalled();
  });

  it("a failed read is no error screen: it says the connection is difficult and tries again later", async () => {
    const answers: (PaymentPoll | Error)[] = [new ApiError(0, "réseau"), { ...POLL, state: "paid", orderPaid: true }];
    const read = vi.fn(async () => {
      const next = answers.shift() ?? POLL;
      if (next instanceof Error) throw next;
      return next;
    });
    renderWait(POLL, read);
    await later(3000);
    expect(screen.getByRole("status").textContent).toBe("Connexion difficile : nous réessayons dans un instant.");
    await later(5999);
    expect(read).toHaveBeenCalledTimes(1);
    await later(1);
    expect(screen.getByRole("heading", { name: "Paiement reçu" })).toBeTruthy();
  });

  it("offline: says the payment is not lost, and reads again as soon as the network is back", async () => {
    const browser = pollerBrowser();
    const read = vi.fn(async () => ({ ...POLL, state: "paid" as const, orderPaid: true }));
    renderWait(POLL, read, browser.env);
    browser.online = false;
    await act(async () => browser.fire("offline"));
    expect(screen.getByRole("status").textContent).toContain("Pas de connexion");
    await later(60_000);
    expect(read).not.toHaveBeenCalled();
    browser.online = true;
    await act(async () => browser.fire("online"));
    await later(0);
    expect(read).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("heading", { name: "Paiement reçu" })).toBeTruthy();
  });
});
