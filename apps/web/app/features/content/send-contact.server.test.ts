import { FIELD_MSG, MSG } from "@shop/shared/core";
import { beforeEach, describe, expect, it, vi } from "vitest";

const contact = vi.fn();
vi.mock("../../lib/api", async (original) => ({
  ...(await original<typeof import("../../lib/api")>()),
  api: () => ({ contact }),
}));

const { ApiError } = await import("../../lib/api");
const { sendContact } = await import("./send-contact.server");

const typed = { name: "Awa Ngono", email: "awa@exemple", subject: "iPhone 13", message: "En stock ?" };

function post(fields: Record<string, string>) {
  return new Request("http://shop.test/contact", { method: "POST", body: new URLSearchParams(fields) });
}

// A block, not an arrow's value: vitest would take the returned mock for a teardown and call it.
beforeEach(() => {
  contact.mockReset();
});

describe("sendContact", () => {
  it("sends exactly the four fields and answers the shop's confirmation", async () => {
    contact.mockResolvedValue(MSG.contactSent);
    expect(await sendContact(post({ ...typed, extra: "ignoré" }))).toEqual({ ok: true, message: MSG.contactSent });
    expect(contact).toHaveBeenCalledWith(typed);
  });

  it("gives back what was typed with the French error of each refused field, as a 400", async () => {
    contact.mockRejectedValue(
      new ApiError(400, FIELD_MSG.emailInvalid, [{ path: "body.email", message: FIELD_MSG.emailInvalid }]),
    );
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
    contact.mockRejectedValue(new ApiError(429, MSG.tooManyRequests));
    expect(await sendContact(post(typed))).toMatchObject({
      data: { ok: false, message: MSG.tooManyRequests, values: typed, fieldErrors: {} },
      init: { status: 429 },
    });
  });

  it("tells any other failure as ours, still keeping the text", async () => {
    contact.mockRejectedValue(new ApiError(404, MSG.notFoundRoute));
    expect(await sendContact(post(typed))).toMatchObject({
      data: { ok: false, message: MSG.serverError, values: typed },
      init: { status: 500 },
    });
  });

  it("lets a programming error through to the error boundary", async () => {
    contact.mockRejectedValue(new TypeError("boom"));
    await expect(sendContact(post(typed))).rejects.toThrow("boom");
  });
});
