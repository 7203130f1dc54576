import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";

/** Said in the factors' section, not with the devices' answers (`reset` tells them apart). */
export type StaffFactorsResult = { ok: boolean; message: string; reset: true };

/**
 * A SUPERADMIN resets an admin's second factors (a lost phone): the API removes them with the
 * recovery codes, signs the account out everywhere and keeps the change in the audit log; it
 * refuses one's own account, said on the page in its words.
 */
export async function resetStaffFactors(request: Request, userId: string) {
  try {
    return {
      ok: true,
      message: await adminApi(request).resetUserFactors(userId),
      reset: true,
    } satisfies StaffFactorsResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [403, 404, 409]);
    return data({ ok: false, message: refusal.message, reset: true } satisfies StaffFactorsResult, {
      status: refusal.status,
    });
  }
}
