import { FIELD_MSG, MSG } from "@shop/shared/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as client from "../../lib/api";
import { ok, refused, stubApi } from "../../test/api";
import { sendContact } from "./send-contact.server";

const CONTACT = "POST /api/contact";
const typed = { name: "Awa Ngono", email: "awa@exemple", subject: "iPhone 13", message: "En stock ?" };

function post(fields: Record<string, string>) {
  return new Request("http://shop.test/contact", { method: "POST", body: new URLSearchParams(fields) });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sendContact", () => {
  it("sends exactly the four fields and answers the shop's confirmation", async () => {
    const server = stubApi({ [CONTACT]: ok(MSG.contactSent) });
    expect(await sendContact(post({ ...typed, extra: "ignoré" }))).toEqual({ ok: true, message: MSG.contactSent });
    expect(server.sent(CONTACT)).toEqual([typed]);
  });

  it("gives back what was typed with the French error of each refused field, as a 400", async () => {
    stubApi({
      [CONTACT]: refused(400, FIELD_MSG.emailInvalid, [{ path: "body.email", message: FIELD_MSG.emailInvalid }]),
    });
    expect(await sendContact(post(typed))).toMatchObject({
      data: {
        ok: false,
        message: FIELD_MSG.emailInvalid,
        values: typed,
        fieldErrors: { email: FIELD_MSG.emailInvalid },
      },
      init: { status: 400 },
    });
  });

  it("passes the rate limit on as a 429 with its message", async () => {
    stubApi({ [CONTACT]: refused(429, MSG.tooManyRequests) });
    expect(await sendContact(post(typed))).toMatchObject({
      data: { ok: false, message: MSG.tooManyRequests, values: typed, fieldErrors: {} },
      init: { status: 429 },
    });
  });

  it("tells any other failure as ours, still keeping the text", async () => {
    stubApi({ [CONTACT]: refused(404, MSG.notFoundRoute) });
    expect(await sendContact(post(typed))).toMatchObject({
      data: { ok: false, message: MSG.serverError, values: typed },
      init: { status: 500 },
    });
  });

  it("lets a programming error through to the error boundary", async () => {
    // Not something the shop can answer: whatever comes back through the network, the client
    // makes an ApiError of it. Here the client itself breaks.
    vi.spyOn(client, "api").mockImplementation(() => {
      throw new TypeError("boom");
    });
    await expect(sendContact(post(typed))).rejects.toThrow("boom");
  });
});
