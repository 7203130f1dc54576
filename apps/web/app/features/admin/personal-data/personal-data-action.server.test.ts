import { FIELD_MSG, MSG, SERVER_ERROR_MESSAGE } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { anAdminPrivacyRequest, uuid } from "../../../test/builders";
import { formOf } from "../../../test/forms";
import { ERASURE_CONFIRM_ERROR, personalDataAction, RETENTION_REFUSED } from "./personal-data-action.server";

const ID = uuid(41);
const ANSWER = `POST /api/admin/privacy-requests/${ID}/answer`;
const RETENTION = "PUT /api/admin/privacy/retention";
const request = new Request("http://boutique.test/admin-panel/personal-data", { method: "POST" });

/** The action's answer and its status, whether it came as a plain object or through `data()`. */
async function answer(values: Record<string, string>) {
  const result = (await personalDataAction(request, formOf(values))) as unknown;
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") return { body: wrapped.data, status: wrapped.init?.status ?? 200 };
  return { body: result, status: 200 };
}

const RETENTION_FORM = {
  intent: "retention",
  orderFilesDays: "90",
  contactMessagesDays: "200",
  sessionAddressesDays: "90",
  abandonedCartsDays: "180",
  closedOrdersYears: "10",
  inactiveAccountsYears: "3",
};

describe("personalDataAction: answering a request", () => {
  it("marks a request done with the note trimmed, and gives back the server's words", async () => {
    const server = stubApi({ [ANSWER]: ok(MSG.privacyRequestAnswered, anAdminPrivacyRequest({ status: "answered" })) });
    expect(
      await answer({ intent: "answer", id: ID, kind: "access", outcome: "done", note: "  Copie envoyée.  " }),
    ).toEqual({ status: 200, body: { form: "answer", id: ID, ok: true, message: MSG.privacyRequestAnswered } });
    expect(server.sent(ANSWER)).toEqual([{ outcome: "done", note: "Copie envoyée." }]);
  });

  it("refuses a refusal without its reason before asking the server, under the note", async () => {
    const server = stubApi();
    expect(await answer({ intent: "answer", id: ID, kind: "access", outcome: "refused", note: " " })).toEqual({
      status: 400,
      body: {
        form: "answer",
        id: ID,
        ok: false,
        note: " ",
        message: FIELD_MSG.privacyRefusalReason,
        noteError: FIELD_MSG.privacyRefusalReason,
      },
    });
    expect(server.calls).toEqual([]);
  });

  it("erases only once the owner confirmed", async () => {
    const server = stubApi({ [ANSWER]: ok(MSG.privacyRequestErased(2), anAdminPrivacyRequest({ kind: "erasure" })) });
    const form = { intent: "answer", id: ID, kind: "erasure", outcome: "done", note: "" };
    expect(await answer(form)).toMatchObject({
      status: 400,
      body: { ok: false, message: ERASURE_CONFIRM_ERROR, confirmError: ERASURE_CONFIRM_ERROR },
    });
    expect(server.calls).toEqual([]);
    expect(await answer({ ...form, confirm: "1" })).toMatchObject({
      status: 200,
      body: { ok: true, message: MSG.privacyRequestErased(2) },
    });
    expect(server.sent(ANSWER)).toEqual([{ outcome: "done", note: "" }]);
  });

  it("gives the server's conflict beside the form, with the note as typed", async () => {
    stubApi({ [ANSWER]: refused(409, MSG.privacyGuestOrderOpen("CMD-7K4Q")) });
    expect(
      await answer({ intent: "answer", id: ID, kind: "erasure", outcome: "done", note: "Demandé", confirm: "1" }),
    ).toEqual({
      status: 409,
      body: { form: "answer", id: ID, ok: false, note: "Demandé", message: MSG.privacyGuestOrderOpen("CMD-7K4Q") },
    });
  });

  it("puts the server's issue on the note under its field", async () => {
    stubApi({
      [ANSWER]: refused(400, "Requête invalide.", [{ path: "body.note", message: FIELD_MSG.privacyRefusalReason }]),
    });
    const { body } = await answer({ intent: "answer", id: ID, kind: "access", outcome: "refused", note: "x" });
    expect(body).toMatchObject({ ok: false, noteError: FIELD_MSG.privacyRefusalReason });
  });

  it("says a request already answered in the server's words", async () => {
    stubApi({ [ANSWER]: refused(409, MSG.privacyRequestAlreadyAnswered) });
    const { status, body } = await answer({ intent: "answer", id: ID, kind: "access", outcome: "done", note: "" });
    expect(status).toBe(409);
    expect(body).toMatchObject({ ok: false, message: MSG.privacyRequestAlreadyAnswered });
  });

  it("keeps the shop's failures to itself", async () => {
    stubApi({ [ANSWER]: refused(500, "boom") });
    const { status, body } = await answer({ intent: "answer", id: ID, kind: "access", outcome: "done", note: "" });
    expect(status).toBe(500);
    expect(body).toMatchObject({ message: SERVER_ERROR_MESSAGE });
  });
});

describe("personalDataAction: the retention durations", () => {
  it("saves every duration as a number, and gives back the server's words", async () => {
    const server = stubApi({ [RETENTION]: ok(MSG.retentionSaved, { settings: {}, lastRun: null }) });
    expect(await answer(RETENTION_FORM)).toEqual({
      status: 200,
      body: { form: "retention", ok: true, message: MSG.retentionSaved },
    });
    expect(server.sent(RETENTION)).toEqual([
      {
        orderFilesDays: 90,
        contactMessagesDays: 200,
        sessionAddressesDays: 90,
        abandonedCartsDays: 180,
        closedOrdersYears: 10,
        inactiveAccountsYears: 3,
      },
    ]);
  });

  it("refuses a duration out of its bounds under its field, the values as typed, before asking the server", async () => {
    const server = stubApi();
    const typed = { ...RETENTION_FORM, closedOrdersYears: "5", contactMessagesDays: "" };
    expect(await answer(typed)).toEqual({
      status: 400,
      body: {
        form: "retention",
        ok: false,
        message: RETENTION_REFUSED,
        values: {
          orderFilesDays: "90",
          contactMessagesDays: "",
          sessionAddressesDays: "90",
          abandonedCartsDays: "180",
          closedOrdersYears: "5",
          inactiveAccountsYears: "3",
        },
        errors: {
          contactMessagesDays: FIELD_MSG.retentionInvalid(1, 3650),
          closedOrdersYears: FIELD_MSG.retentionInvalid(10, 30),
        },
      },
    });
    expect(server.calls).toEqual([]);
  });

  it("puts the server's issues under their fields", async () => {
    stubApi({
      [RETENTION]: refused(400, "Requête invalide.", [
        { path: "body.closedOrdersYears", message: FIELD_MSG.retentionInvalid(10, 30) },
      ]),
    });
    expect((await answer(RETENTION_FORM)).body).toMatchObject({
      ok: false,
      message: RETENTION_REFUSED,
      errors: { closedOrdersYears: FIELD_MSG.retentionInvalid(10, 30) },
    });
  });
});
