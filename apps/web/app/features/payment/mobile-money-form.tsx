import { formatPrice } from "@shop/shared/core";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Field, inputClass } from "../../components/ui/field";
import { FormAlert } from "../../components/ui/form-alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { useHydrated } from "../../lib/use-hydrated";
import { OperatorChoice, operatorFieldId } from "./operator-choice";
import type { PayFailure } from "./pay-result";
import { checkMobileMoney, initialMobileMoney, type MobileMoneyErrors, operatorMismatch } from "./pay-values";

const PHONE_ID = "pay-phone";

/**
 * 'Payer par Mobile Money': the operator, the number (the order's, editable) and one button
 * with the amount. Sent, the page's action starts the charge and opens the waiting screen.
 * Works without JavaScript (the browser checks the required fields); with it, our French checks
 * come first and the button says the request is on its way, so a second tap sends nothing.
 */
export function MobileMoneyForm({
  total,
  token,
  orderPhone,
  askedOperator,
  failure,
}: {
  total: number;
  token: string;
  orderPhone: string | null;
  askedOperator: string | null;
  failure?: PayFailure;
}) {
  const refused = failure?.intent === "mobile_money" ? failure : undefined;
  const [values, setValues] = useState(() =>
    initialMobileMoney({
      refused: refused && { operator: refused.values.operator ?? "", phone: refused.values.phone ?? "" },
      askedOperator,
      orderPhone,
    }),
  );
  const [checked, setChecked] = useState<MobileMoneyErrors | null>(null);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "mobile_money";
  const alertRef = useRef<HTMLDivElement>(null);
  const errors: MobileMoneyErrors = checked ?? refused?.fieldErrors ?? {};
  const mismatch = operatorMismatch(values);

  // The server's answer: its field takes the focus, else its message comes into view.
  useEffect(() => {
    if (!refused) return;
    setChecked(null);
    if (refused.fieldErrors.operator) document.getElementById(operatorFieldId("pay"))?.focus();
    else if (refused.fieldErrors.phone) document.getElementById(PHONE_ID)?.focus();
    else alertRef.current?.scrollIntoView({ block: "center" });
  }, [refused]);

  return (
    <Form
      method="post"
      preventScrollReset
      noValidate={hydrated}
      onSubmit={(event) => {
        const found = checkMobileMoney(values);
        if (found.operator || found.phone) {
          event.preventDefault();
          setChecked(found);
          document.getElementById(found.operator ? operatorFieldId("pay") : PHONE_ID)?.focus();
          return;
        }
        if (sending) event.preventDefault();
        setChecked(null);
      }}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="mobile_money" />
      {token && <input type="hidden" name="token" value={token} />}
      {refused && !checked && !refused.fieldErrors.operator && !refused.fieldErrors.phone && (
        <FormAlert ref={alertRef}>
          <p className="font-semibold">Le paiement n'a pas démarré : {refused.message}</p>
        </FormAlert>
      )}
      <OperatorChoice
        idPrefix="pay"
        legend="Votre opérateur"
        value={values.operator}
        onChange={(operator) => setValues((v) => ({ ...v, operator }))}
        error={errors.operator}
      />
      <Field
        id={PHONE_ID}
        name="phone"
        label="Numéro Mobile Money"
        hint="La demande de paiement arrive sur ce numéro : changez-le s'il le faut."
        error={errors.phone}
      >
        {(props) => (
          <input
            {...props}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={30}
            value={values.phone}
            onChange={(event) => setValues((v) => ({ ...v, phone: event.target.value }))}
            className={inputClass}
          />
        )}
      </Field>
      <div aria-live="polite" className="empty:hidden">
        {mismatch && (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">{mismatch}</p>
        )}
      </div>
      <SubmitButton busy={sending} busyLabel="Envoi de la demande…" block>
        Payer {formatPrice(total)}
      </SubmitButton>
    </Form>
  );
}
