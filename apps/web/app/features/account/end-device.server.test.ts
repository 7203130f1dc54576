import { MSG } from "@shop/shared/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readFlash } from "../../lib/flash.server";
import { ok, refused, stubApi } from "../../test/api";
import { uuid } from "../../test/builders";
import { postOf } from "../../test/forms";
import * as devices from "./devices-api";
import { endMyDevice } from "./end-device.server";

const endOf = (id: string) => `POST /api/my-devices/${id}/end`;
const END_OTHERS = "POST /api/my-devices/end-others";
const CLEARED = "token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax";

const post = (fields: Record<string, string>) => postOf("/devices", fields);

/** The flash a redirect leaves for the next page, read as that page's request would. */
const flashOf = (response: Response) => {
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  return readFlash(new Request("http://shop.test/login", { headers: { cookie: cookies.join("; ") } }));
};

afterEach(() => vi.restoreAllMocks());

describe("endMyDevice", () => {
  it("ends another session and says so on the page", async () => {
    const server = stubApi({ [endOf(uuid(2))]: ok(MSG.deviceEnded) });
    expect(await endMyDevice(post({ intent: "end", id: uuid(2) }))).toEqual({ ok: true, message: MSG.deviceEnded });
    expect(server.calls.map((c) => c.route)).toEqual([endOf(uuid(2))]);
  });

  it("ends every other session", async () => {
    stubApi({ [END_OTHERS]: ok(MSG.devicesEnded, { ended: 2 }) });
    expect(await endMyDevice(post({ intent: "end-others" }))).toEqual({ ok: true, message: MSG.devicesEnded });
  });

  it("signs out when it was this session: the cleared cookie goes on, to the sign-in page", async () => {
    vi.spyOn(devices, "devicesApi").mockReturnValue({
      mine: vi.fn(),
      endOthers: vi.fn(),
      end: vi.fn(async () => ({ message: MSG.deviceEnded, setCookie: [CLEARED] })),
    });
    const response = (await endMyDevice(post({ intent: "end", id: uuid(1) }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login");
    expect(response.headers.getSetCookie()).toContain(CLEARED);
    expect(flashOf(response)).toEqual({ tone: "success", text: MSG.deviceEnded });
  });

  it("says a session already over in the API's words, as a 404", async () => {
    stubApi({ [endOf(uuid(3))]: refused(404, MSG.deviceNotFound) });
    expect(await endMyDevice(post({ intent: "end", id: uuid(3) }))).toMatchObject({
      data: { ok: false, message: MSG.deviceNotFound },
      init: { status: 404 },
    });
  });

  it("sends a visitor whose own session is over to sign in, back to their devices after", async () => {
    stubApi({ [END_OTHERS]: refused(401, MSG.authInvalid) });
    const response = (await endMyDevice(post({ intent: "end-others" }))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login?redirectTo=/devices");
  });

  it("refuses a form no page sends, and an admin's 'end all'", async () => {
    const server = stubApi();
    for (const fields of [{ intent: "tout" }, { intent: "end-all" }]) {
      await expect(endMyDevice(post(fields))).rejects.toMatchObject({ init: { status: 400 } });
    }
    expect(server.calls).toEqual([]);
  });
});
