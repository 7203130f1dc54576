import { MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { uuid } from "../../../test/builders";
import { endStaffDevices } from "./staff-devices.server";

const admin = uuid(7);
const devicesOf = `/api/admin/users/${admin}/devices`;
const request = () => new Request(`http://shop.test/admin-panel/users/${admin}/devices`, { method: "POST" });

describe("endStaffDevices", () => {
  it("ends one of the admin's sessions, in the API's words", async () => {
    const server = stubApi({ [`POST ${devicesOf}/${uuid(1)}/end`]: ok(MSG.deviceEnded) });
    expect(await endStaffDevices(request(), admin, uuid(1))).toEqual({ ok: true, message: MSG.deviceEnded });
    expect(server.calls.map((c) => c.route)).toEqual([`POST ${devicesOf}/${uuid(1)}/end`]);
  });

  it("ends all of them", async () => {
    stubApi({ [`POST ${devicesOf}/end-all`]: ok(MSG.staffDevicesEnded, { ended: 3 }) });
    expect(await endStaffDevices(request(), admin, null)).toEqual({ ok: true, message: MSG.staffDevicesEnded });
  });

  it("says a session already over, or a customer's account, as the API refused it", async () => {
    stubApi({
      [`POST ${devicesOf}/${uuid(2)}/end`]: refused(404, MSG.deviceNotFound),
      [`POST ${devicesOf}/end-all`]: refused(403, MSG.devicesOfStaffOnly),
    });
    expect(await endStaffDevices(request(), admin, uuid(2))).toMatchObject({
      data: { ok: false, message: MSG.deviceNotFound },
      init: { status: 404 },
    });
    expect(await endStaffDevices(request(), admin, null)).toMatchObject({
      data: { ok: false, message: MSG.devicesOfStaffOnly },
      init: { status: 403 },
    });
  });
});
