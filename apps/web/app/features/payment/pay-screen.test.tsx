import type { OrderPayment, Payment } from "@shop/shared";
import { FIELD_MSG, formatPrice, MSG } from "@shop/shared/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useActionData } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { anOrderPayment, aPayment } from "../../test/builders";
import type { PayFailure } from "./pay-result";
import { PayScreen } from "./pay-screen";

// jsdom lays nothing out, so it has no scrollIntoView.
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const ORDER = anOrderPayment({
  reference: "CMD-7K4Q",
  total: 251_500,
  mobileMoney: true,
  transferNumbers: { mtn: "+237670000001", orange: "+237690000002" },
  orderPhone: "+237677123456",
});
/** An attempt to pay ORDER: Mobile Money from an MTN number, waiting, unless `extra` says otherwise. */
const attempt = (extra: Partial<Payment>) => aPayment({ amount: ORDER.total, ...extra });

function renderPay(
  order: OrderPayment = ORDER,
  action: (form: FormData) => Promise<PayFailure | Response> = async () => new Response(null),
  askedOperator: string | null = null,
) {
  const sent: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/pay/:reference",
      Component: () => (
        <PayScreen order={order} token="jeton" askedOperator={askedOperator} failure={useActionData<PayFailure>()} />
      ),
      action: async ({ request }) => {
        const form = await request.formData();
        sent.push(form);
        return action(form);
      },
    },
    { path: "/payment/:id", Component: () => <p>Écran d'attente</p> },
  ]);
  render(<Stub initialEntries={["/pay/CMD-7K4Q?t=jeton"]} />);
  return sent;
}

const momo = () => within(screen.getByRole("region", { name: "Payer par Mobile Money" }));

describe("PayScreen", () => {
  it("shows the order and its amount, the number prefilled and the operator it belongs to", () => {
    renderPay();
    expect(screen.getByTestId("reference").textContent).toBe("CMD-7K4Q");
    expect(screen.getByTestId("amount").textContent).toBe(formatPrice(251_500));
    const phone = momo().getByLabelText("Numéro Mobile Money") as HTMLInputElement;
    expect(phone.value).toBe("6 77 12 34 56");
    expect(phone.required).toBe(true);
    expect((momo().getByRole("radio", { name: "MTN MoMo" }) as HTMLInputElement).checked).toBe(true);
    expect((momo().getByRole("radio", { name: "Orange Money" }) as HTMLInputElement).checked).toBe(false);
    expect(momo().getByRole("button", { name: `Payer ${formatPrice(251_500)}` })).toBeTruthy();
  });

  it("takes the operator the link asks for, and warns when the number looks like the other one's", () => {
    renderPay(ORDER, undefined, "orange");
    expect((momo().getByRole("radio", { name: "Orange Money" }) as HTMLInputElement).checked).toBe(true);
    expect(momo().getByText(/Ce numéro ressemble à un numéro MTN MoMo/)).toBeTruthy();
    fireEvent.change(momo().getByLabelText("Numéro Mobile Money"), { target: { value: "699 12 34 56" } });
    expect(momo().queryByText(/Ce numéro ressemble/)).toBeNull();
  });

  it("checks the choice before sending, in French, and focuses what is missing", async () => {
    const sent = renderPay({ ...ORDER, orderPhone: null });
    fireEvent.click(momo().getByRole("button", { name: /^Payer / }));
    expect(momo().getByText(FIELD_MSG.paymentOperatorInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(momo().getByRole("radio", { name: "MTN MoMo" }));
    fireEvent.click(momo().getByRole("radio", { name: "Orange Money" }));
    fireEvent.change(momo().getByLabelText("Numéro Mobile Money"), { target: { value: "222 12 34 56" } });
    fireEvent.click(momo().getByRole("button", { name: /^Payer / }));
    expect(momo().getByText(/Entrez un numéro Mobile Money camerounais/)).toBeTruthy();
    expect(document.activeElement).toBe(momo().getByLabelText("Numéro Mobile Money"));
    expect(sent).toHaveLength(0);
  });

  it("sends the operator, the number and the link's token, says it is on its way, and a second tap sends nothing", async () => {
    let answer: (r: PayFailure) => void = () => {};
    const sent = renderPay(ORDER, () => new Promise((resolve) => (answer = resolve)));
    fireEvent.click(momo().getByRole("button", { name: `Payer ${formatPrice(251_500)}` }));
    const busy = (await momo().findByRole("button", { name: "Envoi de la demande…" })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    fireEvent.click(busy);
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0] ?? [])).toEqual({
      intent: "mobile_money",
      token: "jeton",
      operator: "mtn",
      phone: "6 77 12 34 56",
    });
    answer({
      intent: "mobile_money",
      message: MSG.paymentProviderDown,
      values: { operator: "mtn", phone: "6 77 12 34 56" },
      fieldErrors: {},
    });
    // The server's refusal in its words, beside the form; what was typed is kept.
    expect((await momo().findByRole("alert")).textContent).toBe(
      `Le paiement n'a pas démarré : ${MSG.paymentProviderDown}`,
    );
    expect((momo().getByLabelText("Numéro Mobile Money") as HTMLInputElement).value).toBe("6 77 12 34 56");
    expect(momo().getByRole("button", { name: `Payer ${formatPrice(251_500)}` })).toBeTruthy();
  });

  it("puts a refused field's message under it and focuses it", async () => {
    renderPay(ORDER, async () => ({
      intent: "mobile_money",
      message: FIELD_MSG.phoneInvalid,
      values: { operator: "mtn", phone: "6 77 12 34 5" },
      fieldErrors: { phone: FIELD_MSG.phoneInvalid },
    }));
    fireEvent.click(momo().getByRole("button", { name: /^Payer / }));
    const phone = momo().getByLabelText("Numéro Mobile Money");
    await waitFor(() => expect(phone.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(phone.getAttribute("aria-describedby")?.split(" ").at(-1) ?? "")?.textContent).toBe(
      FIELD_MSG.phoneInvalid,
    );
    await waitFor(() => expect(document.activeElement).toBe(phone));
  });

  it("without Mobile Money (no provider keys): the transfer, open, with the shop's numbers, and cash", () => {
    renderPay({ ...ORDER, mobileMoney: false });
    expect(screen.queryByRole("region", { name: "Payer par Mobile Money" })).toBeNull();
    const transfer = screen.getByRole("region", { name: "J'ai déjà payé par transfert" });
    expect(transfer.querySelector("details")?.open).toBe(true);
    expect(within(transfer).getByText("6 70 00 00 01")).toBeTruthy();
    expect(within(transfer).getByText("6 90 00 00 02")).toBeTruthy();
    expect(within(transfer).getByLabelText("Numéro de transaction")).toBeTruthy();
    expect(within(transfer).getByLabelText("Capture d'écran du SMS (facultatif)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Je paierai à la livraison" })).toBeTruthy();
  });

  it("shows a rejected transfer's reason, and still the ways to pay", () => {
    renderPay({
      ...ORDER,
      payments: [attempt({ method: "transfer", state: "rejected", reason: "Montant reçu incomplet." })],
    });
    expect(screen.getByRole("status").textContent).toContain("Raison donnée par la boutique : Montant reçu incomplet.");
    expect(screen.getByRole("region", { name: "Payer par Mobile Money" })).toBeTruthy();
  });

  it("a transfer being checked or a payment in progress: says so, and offers nothing that could pay twice", () => {
    renderPay({
      ...ORDER,
      payments: [attempt({ method: "transfer", state: "to_verify", transactionId: "CI240612.1234" })],
    });
    expect(screen.getByRole("status").textContent).toContain(
      "La boutique vérifie votre transfert (transaction CI240612.1234)",
    );
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("an attempt in progress links to its waiting screen", () => {
    const pending = attempt({ state: "pending" });
    renderPay({ ...ORDER, payments: [pending] });
    expect(screen.getByRole("link", { name: "Suivre le paiement en cours" }).getAttribute("href")).toBe(
      `/payment/${pending._id}`,
    );
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("'Paiement reçu' once paid", () => {
    renderPay({ ...ORDER, paid: true, payable: false, status: "payée", payments: [attempt({ state: "paid" })] });
    expect(screen.getByRole("status").textContent).toContain("Paiement reçu");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("cash on delivery: posted with the token, then said", async () => {
    const sent = renderPay();
    fireEvent.click(screen.getByRole("button", { name: "Je paierai à la livraison" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.fromEntries(sent[0] ?? [])).toEqual({ intent: "cash", token: "jeton" });
  });

  it("a refused transfer shows the server's words beside its form, the details open", async () => {
    const sent = renderPay(ORDER, async () => ({
      intent: "transfer",
      message: MSG.transferIdTaken,
      values: { operator: "orange", transactionId: "CI1" },
      fieldErrors: {},
    }));
    const transfer = within(screen.getByRole("region", { name: "J'ai déjà payé par transfert" }));
    fireEvent.click(transfer.getByRole("radio", { name: "Orange Money" }));
    fireEvent.change(transfer.getByLabelText("Numéro de transaction"), { target: { value: "ci 1" } });
    fireEvent.click(transfer.getByRole("button", { name: "Envoyer pour vérification" }));
    expect((await transfer.findByRole("alert")).textContent).toBe(
      `Votre transfert n'a pas été enregistré : ${MSG.transferIdTaken}`,
    );
    expect(sent[0]?.get("intent")).toBe("transfer");
    expect(sent[0]?.get("operator")).toBe("orange");
    expect(sent[0]?.get("transactionId")).toBe("ci 1");
    expect(sent[0]?.get("token")).toBe("jeton");
    // An empty file input sends no part.
    expect(sent[0]?.has("screenshot")).toBe(false);
  });
});
