import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";

export type StaffDevicesResult = { ok: boolean; message: string };

/**
 * A SUPERADMIN's look at an admin's devices, its action: one session ended (`sessionId`), or
 * all of them (null) — a lost phone, a departure. The API answers in French and keeps the
 * change in the audit log.
 */
export async function endStaffDevices(request: Request, userId: string, sessionId: string | null) {
  const client = adminApi(request);
  try {
    const message =
      sessionId === null ? await client.endUserDevices(userId) : await client.endUserDevice(userId, sessionId);
    return { ok: true, message } satisfies StaffDevicesResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Already over, or a customer's account: said on the page, as the API words it.
    const refusal = refusalOf(error, [403, 404]);
    return data({ ok: false, message: refusal.message } satisfies StaffDevicesResult, { status: refusal.status });
  }
}
