import { MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ok, refused, stubApi } from "../../../test/api";
import { uuid } from "../../../test/builders";
import { resetStaffFactors } from "./staff-factors.server";

const admin = uuid(7);
const RESET = `POST /api/admin/users/${admin}/second-factors/reset`;
const request = () => new Request(`http://shop.test/admin-panel/users/${admin}/devices`, { method: "POST" });

describe("resetStaffFactors", () => {
  it("resets the admin's second factors, in the API's words", async () => {
    const server = stubApi({ [RESET]: ok(MSG.factorsReset) });
    expect(await resetStaffFactors(request(), admin)).toEqual({ ok: true, message: MSG.factorsReset, reset: true });
    expect(server.calls.map((c) => c.route)).toEqual([RESET]);
  });

  it("says the API's refusal of one's own account", async () => {
    stubApi({ [RESET]: refused(403, MSG.ownFactorsReset) });
    expect(await resetStaffFactors(request(), admin)).toMatchObject({
      data: { ok: false, message: MSG.ownFactorsReset, reset: true },
      init: { status: 403 },
    });
  });
});
