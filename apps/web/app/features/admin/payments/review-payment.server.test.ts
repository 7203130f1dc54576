import { FIELD_MSG, MSG, SERVER_ERROR_MESSAGE } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { anAdminPayment, uuid } from "../../../test/builders";
import { formOf } from "../../../test/forms";
import { reviewPayment } from "./review-payment.server";

const ID = uuid(501);
const APPROVE = `POST /api/admin/payments/${ID}/approve`;
const REJECT = `POST /api/admin/payments/${ID}/reject`;
const request = new Request("http://boutique.test/admin-panel/payments", { method: "POST" });

/** The action's answer and its status, whether it came as a plain object or through `data()`. */
async function answer(values: Record<string, string>) {
  const result = (await reviewPayment(request, formOf(values))) as unknown;
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") return { body: wrapped.data, status: wrapped.init?.status ?? 200 };
  return { body: result, status: 200 };
}

describe("reviewPayment", () => {
  it("approves, and gives back the server's words with the order's reference", async () => {
    const server = stubApi({ [APPROVE]: ok(MSG.paymentApproved, anAdminPayment({ _id: ID, state: "paid" })) });
    expect(await answer({ intent: "approve-payment", paymentId: ID, reference: "CMD-7K4Q" })).toEqual({
      status: 200,
      body: {
        payment: true,
        decision: "approve",
        id: ID,
        reference: "CMD-7K4Q",
        ok: true,
        message: MSG.paymentApproved,
      },
    });
    expect(server.calls).toEqual([{ route: APPROVE, body: undefined }]);
  });

  it("rejects with the reason trimmed", async () => {
    const server = stubApi({
      [REJECT]: ok(
        MSG.paymentRejected,
        anAdminPayment({ _id: ID, state: "rejected", reason: "Transaction introuvable." }),
      ),
    });
    const { body } = await answer({ intent: "reject-payment", paymentId: ID, reason: "  Transaction introuvable.  " });
    expect(body).toMatchObject({ ok: true, decision: "reject", message: MSG.paymentRejected, reference: null });
    expect(server.calls).toEqual([{ route: REJECT, body: { reason: "Transaction introuvable." } }]);
  });

  it("refuses a reason too short before asking the server, and gives it back for its field", async () => {
    const server = stubApi();
    expect(await answer({ intent: "reject-payment", paymentId: ID, reason: " no " })).toEqual({
      status: 400,
      body: {
        payment: true,
        decision: "reject",
        id: ID,
        reference: null,
        ok: false,
        message: FIELD_MSG.rejectReasonRequired,
        reason: " no ",
        reasonError: true,
      },
    });
    expect(server.calls).toEqual([]);
  });

  it("says the server's refusal when another admin was quicker (409)", async () => {
    const server = stubApi({ [APPROVE]: refused(409, MSG.paymentNotToVerify) });
    expect(await answer({ intent: "approve-payment", paymentId: ID })).toMatchObject({
      status: 409,
      body: { ok: false, message: MSG.paymentNotToVerify },
    });
    server.answer(REJECT, refused(404, MSG.paymentNotFound));
    const rejected = await answer({ intent: "reject-payment", paymentId: ID, reason: "Transaction introuvable." });
    expect(rejected).toMatchObject({ status: 404, body: { ok: false, message: MSG.paymentNotFound } });
    expect(rejected.body).not.toHaveProperty("reasonError");
  });

  it("keeps a reason the server refused under its field (400), and hides the server's own failures", async () => {
    const server = stubApi({ [REJECT]: refused(400, FIELD_MSG.rejectReasonTooLong) });
    expect(await answer({ intent: "reject-payment", paymentId: ID, reason: "Trop long" })).toMatchObject({
      status: 400,
      body: { ok: false, message: FIELD_MSG.rejectReasonTooLong, reason: "Trop long", reasonError: true },
    });
    server.answer(APPROVE, refused(500, "détail interne"));
    expect(await answer({ intent: "approve-payment", paymentId: ID })).toMatchObject({
      status: 500,
      body: { ok: false, message: SERVER_ERROR_MESSAGE },
    });
  });

  it("refuses a form without a payment or an intent, and a reference that cannot be one", async () => {
    const server = stubApi({ [APPROVE]: ok(MSG.paymentApproved, anAdminPayment({ _id: ID, state: "paid" })) });
    expect((await answer({ intent: "approve-payment" })).status).toBe(400);
    expect((await answer({ intent: "delete-payment", paymentId: ID })).status).toBe(400);
    expect((await answer({ intent: "approve-payment", paymentId: ID, reference: "<script>" })).body).toMatchObject({
      reference: null,
    });
    expect(server.calls).toHaveLength(1);
  });
});
