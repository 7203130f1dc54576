import { useEffect, useRef } from "react";
import { firstInvalid } from "../../../lib/form-values";
import {
  ACCOUNT_FIELDS,
  DELETE_FIELDS,
  MY_DATA_INTENTS,
  type MyDataField,
  type MyDataIntent,
  type MyDataResult,
  PASSWORD_FIELDS,
} from "./my-data-form";

/** Each form's fields, and the prefix of their ids on the page. */
const FORMS: Record<MyDataIntent, { prefix: string; fields: readonly MyDataField[] }> = {
  [MY_DATA_INTENTS.account]: { prefix: "account", fields: ACCOUNT_FIELDS },
  [MY_DATA_INTENTS.password]: { prefix: "password", fields: PASSWORD_FIELDS },
  [MY_DATA_INTENTS.deleteAccount]: { prefix: "delete", fields: DELETE_FIELDS },
  // One button, no field: its answer is said at the top.
  [MY_DATA_INTENTS.promotions]: { prefix: "promotions", fields: [] },
};

/** The id of a form's field on the page ("account-email"). */
export const fieldId = (intent: MyDataIntent, field: MyDataField) => `${FORMS[intent].prefix}-${field}`;

/**
 * What the last form said, at the top of the page, where a page loaded after a form posted
 * without scripts opens: a status when done, an alert when refused (the field's error is also
 * beside it). With scripts, the refused field takes the focus, or the notice is brought into view.
 */
export function MyDataNotice({ result }: { result: MyDataResult | undefined }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!result) return;
    const first = result.ok ? undefined : firstInvalid(FORMS[result.intent].fields, result.fieldErrors);
    const field = first ? document.getElementById(fieldId(result.intent, first)) : null;
    if (field) field.focus();
    else notice.current?.scrollIntoView?.({ block: "center" }); // (jsdom has none)
  }, [result]);
  return (
    <>
      <div role="status">
        {result?.ok && (
          <p ref={notice} className="mt-4 rounded-md bg-green-50 p-3 font-medium text-green-900 ring-1 ring-green-200">
            {result.message}
          </p>
        )}
      </div>
      {result && !result.ok && (
        <p
          ref={notice}
          role="alert"
          className="mt-4 rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200"
        >
          {result.message}
        </p>
      )}
    </>
  );
}
