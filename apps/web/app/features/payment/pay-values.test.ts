import type { OrderPayment, Payment } from "@shop/shared";
import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { anOrderPayment, aPayment } from "../../test/builders";
import { offersWaysToPay, payState } from "./pay-state";
import {
  checkMobileMoney,
  checkTransfer,
  initialMobileMoney,
  MOBILE_NUMBER_INVALID,
  nationalPhone,
  operatorMismatch,
  operatorOfPhone,
} from "./pay-values";

describe("operatorOfPhone", () => {
  it("guesses only from the prefixes we are sure of, whatever the way the number is written", () => {
    expect(operatorOfPhone("677 12 34 56")).toBe("mtn");
    expect(operatorOfPhone("+237 6 52 00 00 00")).toBe("mtn");
    expect(operatorOfPhone("00237699123456")).toBe("orange");
    expect(operatorOfPhone("656123456")).toBe("orange");
    // 68x is shared between operators; Nexttel, fixed lines and nonsense say nothing.
    expect(operatorOfPhone("681234567")).toBeNull();
    expect(operatorOfPhone("661234567")).toBeNull();
    expect(operatorOfPhone("222123456")).toBeNull();
    expect(operatorOfPhone("12")).toBeNull();
  });
});

describe("nationalPhone", () => {
  it("writes the API's +237 number the way a customer types it", () => {
    expect(nationalPhone("+237677123456")).toBe("6 77 12 34 56");
    expect(nationalPhone(null)).toBe("");
    expect(nationalPhone("n'importe quoi")).toBe("n'importe quoi");
  });
});

describe("initialMobileMoney", () => {
  it("prefills the order's number and the operator it seems to belong to", () => {
    expect(initialMobileMoney({ orderPhone: "+237699123456" })).toEqual({ operator: "orange", phone: "6 99 12 34 56" });
    expect(initialMobileMoney({ orderPhone: "+237681234567" })).toEqual({ operator: null, phone: "6 81 23 45 67" });
    expect(initialMobileMoney({ orderPhone: null })).toEqual({ operator: null, phone: "" });
  });

  it("takes the operator the link asks for ('Payer avec Orange Money'), a known one only", () => {
    expect(initialMobileMoney({ orderPhone: "+237677123456", askedOperator: "orange" }).operator).toBe("orange");
    expect(initialMobileMoney({ orderPhone: "+237677123456", askedOperator: "wave" }).operator).toBe("mtn");
  });

  it("gives back what was sent and refused, as typed", () => {
    expect(
      initialMobileMoney({
        orderPhone: "+237677123456",
        askedOperator: "mtn",
        refused: { operator: "orange", phone: "69 91" },
      }),
    ).toEqual({ operator: "orange", phone: "69 91" });
  });
});

describe("checkMobileMoney", () => {
  it("asks for an operator and a Cameroonian mobile number, in the contract's words", () => {
    expect(checkMobileMoney({ operator: null, phone: "" })).toEqual({
      operator: FIELD_MSG.paymentOperatorInvalid,
      phone: FIELD_MSG.phoneRequired,
    });
    expect(checkMobileMoney({ operator: "mtn", phone: "222 12 34 56" })).toEqual({ phone: MOBILE_NUMBER_INVALID });
    expect(checkMobileMoney({ operator: "mtn", phone: "6771" })).toEqual({ phone: MOBILE_NUMBER_INVALID });
    expect(checkMobileMoney({ operator: "mtn", phone: "+237 6 77 12 34 56" })).toEqual({});
  });
});

describe("operatorMismatch", () => {
  it("warns gently when the number looks like the other operator's, never for an unknown prefix", () => {
    expect(operatorMismatch({ operator: "orange", phone: "677123456" })).toBe(
      "Ce numéro ressemble à un numéro MTN MoMo. Vérifiez l'opérateur choisi : la demande sera envoyée sur Orange Money.",
    );
    expect(operatorMismatch({ operator: "mtn", phone: "677123456" })).toBeNull();
    expect(operatorMismatch({ operator: "mtn", phone: "681234567" })).toBeNull();
    expect(operatorMismatch({ operator: null, phone: "699123456" })).toBeNull();
  });
});

describe("checkTransfer", () => {
  const MAX = 1000;
  it("compares the transaction ID as the server does: case and spaces do not matter", () => {
    expect(checkTransfer({ operator: "orange", transactionId: " ci240612 . 1234 " }, null, MAX, "lourd")).toEqual({});
    expect(checkTransfer({ operator: "", transactionId: "" }, null, MAX, "lourd")).toEqual({
      operator: FIELD_MSG.paymentOperatorInvalid,
      transactionId: FIELD_MSG.transactionIdRequired,
    });
    expect(checkTransfer({ operator: "mtn", transactionId: "MP#1" }, null, MAX, "lourd")).toEqual({
      transactionId: FIELD_MSG.transactionIdInvalid,
    });
    expect(checkTransfer({ operator: "mtn", transactionId: "A".repeat(41) }, null, MAX, "lourd")).toEqual({
      transactionId: FIELD_MSG.transactionIdInvalid,
    });
  });

  it("refuses a screenshot over the limit", () => {
    const big = new File([new Uint8Array(MAX + 1)], "sms.png", { type: "image/png" });
    expect(checkTransfer({ operator: "mtn", transactionId: "MP1" }, big, MAX, "lourd")).toEqual({
      screenshot: "lourd",
    });
  });
});

describe("payState", () => {
  const attempt = (state: Payment["state"], extra: Partial<Payment> = {}) => aPayment({ state, ...extra });
  /** An order that can be paid, nothing tried yet, unless `extra` says otherwise. */
  const order = (extra: Partial<OrderPayment> = {}) =>
    anOrderPayment({ payable: true, paid: false, payments: [], ...extra });

  it("offers the ways to pay to an order that can be paid, after a failure or a rejected transfer too", () => {
    expect(payState(order())).toEqual({ kind: "open" });
    expect(payState(order({ choice: "cash" }))).toEqual({ kind: "cash" });
    const failed = attempt("failed", { reason: MSG.paymentInsufficient });
    expect(payState(order({ payments: [failed] }))).toEqual({ kind: "failed", payment: failed });
    const rejected = attempt("rejected", { method: "transfer", reason: "Montant incomplet." });
    expect(payState(order({ payments: [rejected, failed] }))).toEqual({ kind: "rejected", payment: rejected });
    for (const state of [payState(order()), payState(order({ payments: [failed] }))])
      expect(offersWaysToPay(state)).toBe(true);
  });

  it("hides them while an attempt is in progress or a payment is checked: paying again could pay twice", () => {
    const pending = attempt("pending");
    expect(payState(order({ payments: [pending] }))).toEqual({ kind: "pending", payment: pending });
    const checking = attempt("to_verify", { method: "transfer", transactionId: "CI1" });
    expect(payState(order({ payments: [checking] }))).toEqual({ kind: "checking", payment: checking });
    expect(offersWaysToPay(payState(order({ payments: [pending] })))).toBe(false);
    expect(offersWaysToPay(payState(order({ payments: [checking] })))).toBe(false);
  });

  it("says when it is paid, or why it cannot be paid", () => {
    expect(payState(order({ paid: true, payable: false, payments: [attempt("paid")] }))).toEqual({ kind: "paid" });
    expect(payState(order({ payable: false, status: "annulée" }))).toEqual({
      kind: "closed",
      message: MSG.paymentNotPayable,
    });
    expect(payState(order({ payable: false }))).toEqual({ kind: "closed", message: MSG.paymentFeeToConfirm });
  });
});
