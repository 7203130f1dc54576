import type { OrderPayment } from "@shop/shared";
import { formatPrice, PAYMENT_OPERATOR_LABELS, PAYMENT_OPERATORS } from "@shop/shared/core";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Field, inputClass } from "../../components/ui/field";
import { FormAlert } from "../../components/ui/form-alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { ORDER_PHOTO, shrinkPhoto } from "../../lib/shrink-image";
import { useHydrated } from "../../lib/use-hydrated";
import { OperatorChoice, operatorFieldId } from "./operator-choice";
import { type PayFailure, SCREENSHOT_ACCEPT, SCREENSHOT_MAX_BYTES, SCREENSHOT_TOO_LARGE } from "./pay-result";
import { checkTransfer, nationalPhone, type TransferErrors } from "./pay-values";

const FIELD_IDS = {
  operator: operatorFieldId("transfer"),
  transactionId: "transfer-id",
  screenshot: "transfer-screenshot",
} as const;
const ORDER = ["operator", "transactionId", "screenshot"] as const;

/** The shop's own Mobile Money numbers, to send the amount to by hand. */
function ShopNumbers({ total, numbers }: { total: number; numbers: OrderPayment["transferNumbers"] }) {
  const listed = PAYMENT_OPERATORS.flatMap((operator) => {
    const number = numbers[operator];
    return number ? [{ operator, number }] : [];
  });
  if (listed.length === 0) return null;
  return (
    <div className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <p>
        Envoyez exactement <strong>{formatPrice(total)}</strong> au numéro de la boutique :
      </p>
      <ul className="mt-2 space-y-1">
        {listed.map(({ operator, number }) => (
          <li key={operator}>
            {PAYMENT_OPERATOR_LABELS[operator]} :{" "}
            <strong className="font-mono tracking-wide whitespace-nowrap">{nationalPhone(number)}</strong>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">
        Puis donnez ci-dessous le numéro de transaction du SMS de confirmation : la boutique vérifie et confirme votre
        paiement.
      </p>
    </div>
  );
}

/**
 * "J'ai déjà payé par transfert": for a customer who sent the money to the shop's number by
 * hand. The operator, the transaction ID from the SMS and optionally a screenshot (made smaller
 * in the browser before it goes over mobile data); the shop then checks it.
 */
export function TransferForm({
  total,
  token,
  numbers,
  failure,
}: {
  total: number;
  token: string;
  numbers: OrderPayment["transferNumbers"];
  failure?: PayFailure;
}) {
  const refused = failure?.intent === "transfer" ? failure : undefined;
  const [checked, setChecked] = useState<TransferErrors | null>(null);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "transfer";
  const alertRef = useRef<HTMLDivElement>(null);
  // Making the photo smaller takes a moment: a second tap meanwhile sends nothing.
  const preparing = useRef(false);
  const errors: TransferErrors = checked ?? refused?.fieldErrors ?? {};
  const firstInvalid = ORDER.find((f) => errors[f]);

  useEffect(() => {
    if (!refused) return;
    setChecked(null);
    const first = ORDER.find((f) => refused.fieldErrors[f]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
    else alertRef.current?.scrollIntoView({ block: "center" });
  }, [refused]);

  return (
    <div className="space-y-4">
      <ShopNumbers total={total} numbers={numbers} />
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        noValidate={hydrated}
        onSubmit={async (event) => {
          event.preventDefault();
          if (sending || preparing.current) return;
          const data = new FormData(event.currentTarget);
          const picked = data.get("screenshot");
          preparing.current = true;
          const file = picked instanceof File && picked.size > 0 ? await shrinkPhoto(picked, ORDER_PHOTO) : null;
          preparing.current = false;
          const found = checkTransfer(
            { operator: String(data.get("operator") ?? ""), transactionId: String(data.get("transactionId") ?? "") },
            file,
            SCREENSHOT_MAX_BYTES,
            SCREENSHOT_TOO_LARGE,
          );
          const first = ORDER.find((f) => found[f]);
          if (first) {
            setChecked(found);
            document.getElementById(FIELD_IDS[first])?.focus();
            return;
          }
          setChecked(null);
          if (file) data.set("screenshot", file);
          else data.delete("screenshot");
          submit(data, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
        }}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="transfer" />
        {token && <input type="hidden" name="token" value={token} />}
        {refused && !checked && !firstInvalid && (
          <FormAlert ref={alertRef}>
            <p className="font-semibold">Votre transfert n'a pas été enregistré : {refused.message}</p>
          </FormAlert>
        )}
        <OperatorChoice
          idPrefix="transfer"
          legend="Opérateur utilisé"
          defaultValue={refused?.values.operator}
          error={errors.operator}
        />
        <Field
          id={FIELD_IDS.transactionId}
          name="transactionId"
          label="Numéro de transaction"
          hint="Il figure dans le SMS de confirmation de votre transfert (« ID transaction », « Transaction ID »…)."
          error={errors.transactionId}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              required
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={60}
              defaultValue={refused?.values.transactionId}
              className={`${inputClass} font-mono uppercase`}
            />
          )}
        </Field>
        <Field
          id={FIELD_IDS.screenshot}
          name="screenshot"
          label="Capture d'écran du SMS (facultatif)"
          hint="Une image (ou un PDF), 10 Mo au maximum."
          error={errors.screenshot}
        >
          {(props) => (
            <input
              {...props}
              type="file"
              accept={SCREENSHOT_ACCEPT}
              className={`${inputClass} file:mr-3 file:rounded-full file:border-0 file:bg-brand/10 file:px-3 file:py-1 file:font-semibold file:text-brand-dark`}
            />
          )}
        </Field>
        <SubmitButton busy={sending} busyLabel="Envoi…" block>
          Envoyer pour vérification
        </SubmitButton>
      </Form>
    </div>
  );
}
