import { FIELD_MSG } from "@shop/shared/core";
import { data } from "react-router";
import { ApiError } from "../../../lib/api";
import { refusalOf } from "../../../lib/form-values";
import { adminApi } from "../admin-api";
import { readSecondFactorSetting, type SecondFactorSettingResult } from "./second-factor-setting";

/**
 * 'Second facteur des administrateurs', the users' page's action (a SUPERADMIN's, checked by
 * the route): the mode saved, in the API's words (it keeps the change in the audit log).
 */
export async function saveSecondFactorSetting(request: Request, form: FormData) {
  const choice = readSecondFactorSetting(form);
  if (!choice) throw data(null, { status: 400 });
  if (!choice.mode) {
    return data({ ok: false, message: FIELD_MSG.secondFactorModeInvalid } satisfies SecondFactorSettingResult, {
      status: 400,
    });
  }
  try {
    const { message } = await adminApi(request).saveSecondFactorSetting(choice.mode);
    return { ok: true, message } satisfies SecondFactorSettingResult;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusal = refusalOf(error, [403]);
    return data({ ok: false, message: refusal.message } satisfies SecondFactorSettingResult, {
      status: refusal.status,
    });
  }
}
