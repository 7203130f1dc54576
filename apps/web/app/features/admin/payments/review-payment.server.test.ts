import { FIELD_MSG, MSG, SERVER_ERROR_MESSAGE } from "@shop/shared/core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api";
import { reviewPayment } from "./review-payment.server";

const approvePayment = vi.fn<(id: string) => Promise<string>>();
const rejectPayment = vi.fn<(id: string, reason: string) => Promise<string>>();
vi.mock("../admin-api", () => ({ adminApi: () => ({ approvePayment, rejectPayment }) }));

const ID = "00000000-0000-4000-8000-000000000501";
const request = new Request("http://boutique.test/admin-panel/payments", { method: "POST" });
const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return form;
};

/** The action's answer and its status, whether it came as a plain object or through `data()`. */
async function answer(values: Record<string, string>) {
  const result = (await reviewPayment(request, formOf(values))) as unknown;
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") return { body: wrapped.data, status: wrapped.init?.status ?? 200 };
  return { body: result, status: 200 };
}

describe("reviewPayment", () => {
  beforeEach(() => {
    approvePayment.mockReset();
    rejectPayment.mockReset();
  });

  it("approves, and gives back the server's words with the order's reference", async () => {
    approvePayment.mockResolvedValueOnce(MSG.paymentApproved);
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
    expect(approvePayment).toHaveBeenCalledWith(ID);
  });

  it("rejects with the reason trimmed", async () => {
    rejectPayment.mockResolvedValueOnce(MSG.paymentRejected);
    const { body } = await answer({ intent: "reject-payment", paymentId: ID, reason: "  Transaction introuvable.  " });
    expect(body).toMatchObject({ ok: true, decision: "reject", message: MSG.paymentRejected, reference: null });
    expect(rejectPayment).toHaveBeenCalledWith(ID, "Transaction introuvable.");
  });

  it("refuses a reason too short before asking the server, and gives it back for its field", async () => {
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
    expect(rejectPayment).not.toHaveBeenCalled();
  });

  it("says the server's refusal when another admin was quicker (409)", async () => {
    approvePayment.mockRejectedValueOnce(new ApiError(409, MSG.paymentNotToVerify));
    expect(await answer({ intent: "approve-payment", paymentId: ID })).toMatchObject({
      status: 409,
      body: { ok: false, message: MSG.paymentNotToVerify },
    });
    rejectPayment.mockRejectedValueOnce(new ApiError(404, MSG.paymentNotFound));
    const rejected = await answer({ intent: "reject-payment", paymentId: ID, reason: "Transaction introuvable." });
    expect(rejected).toMatchObject({ status: 404, body: { ok: false, message: MSG.paymentNotFound } });
    expect(rejected.body).not.toHaveProperty("reasonError");
  });

  it("keeps a reason the server refused under its field (400), and hides the server's own failures", async () => {
    rejectPayment.mockRejectedValueOnce(new ApiError(400, FIELD_MSG.rejectReasonTooLong));
    expect(await answer({ intent: "reject-payment", paymentId: ID, reason: "Trop long" })).toMatchObject({
      status: 400,
      body: { ok: false, message: FIELD_MSG.rejectReasonTooLong, reason: "Trop long", reasonError: true },
    });
    approvePayment.mockRejectedValueOnce(new ApiError(500, "détail interne"));
    expect(await answer({ intent: "approve-payment", paymentId: ID })).toMatchObject({
      status: 500,
      body: { ok: false, message: SERVER_ERROR_MESSAGE },
    });
  });

  it("refuses a form without a payment or an intent, and a reference that cannot be one", async () => {
    expect((await answer({ intent: "approve-payment" })).status).toBe(400);
    expect((await answer({ intent: "delete-payment", paymentId: ID })).status).toBe(400);
    approvePayment.mockResolvedValueOnce(MSG.paymentApproved);
    expect((await answer({ intent: "approve-payment", paymentId: ID, reference: "<script>" })).body).toMatchObject({
      reference: null,
    });
    expect(approvePayment).toHaveBeenCalledTimes(1);
  });
});
