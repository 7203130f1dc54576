import type { DeliveryOffer } from "@shop/shared";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { type ControlProps, Field, inputClass } from "../../components/ui/field";
import { FieldErrorList, FormAlert } from "../../components/ui/form-alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { ORDER_PHOTO, shrinkPhoto } from "../../lib/shrink-image";
import { useHydrated } from "../../lib/use-hydrated";
import { DeliveryChoice, deliveryFieldId } from "../delivery/delivery-choice";
import { checkDelivery, DELIVERY_FIELDS, type DeliveryField, NO_DELIVERY } from "../delivery/delivery-choice-state";
import { useDeliveryState } from "../delivery/use-delivery-state";
import { newOrderKey } from "../offline/kept-on-phone";
import { preloadKeptOrders } from "../offline/load-kept-orders";
import {
  checkOrderForm,
  ORDER_FILE_ACCEPT,
  type OrderField,
  type OrderFieldErrors,
  type OrderValues,
  readOrderForm,
} from "./order-form-data";

/** In the page's order: the error list follows it. */
const FIELDS: readonly OrderField[] = ["name", "number", "text", ...DELIVERY_FIELDS, "file", "message"];

const LABELS: Record<OrderField, string> = {
  name: "Nom complet",
  number: "Numéro de téléphone",
  text: "Adresse de livraison",
  deliveryOptionId: "Livraison",
  neighbourhood: "Quartier",
  city: "Ville",
  landmark: "Point de repère",
  file: "Fichier",
  message: "Message (facultatif)",
};

const HINTS: Partial<Record<OrderField, string>> = {
  number: "Un numéro camerounais, par exemple 6 77 12 34 56.",
  text: "Ville, quartier, rue ou point de repère.",
  file: "Photo ou capture du produit voulu, ou tout document utile : image ou PDF, 10 Mo au maximum.",
};

const isDeliveryField = (field: OrderField): field is DeliveryField =>
  (DELIVERY_FIELDS as readonly string[]).includes(field);
const fieldId = (field: OrderField) => (isDeliveryField(field) ? deliveryFieldId("order", field) : `order-${field}`);

/** A field of the order form, with its hint when it has one. */
function OrderFieldBox({
  field,
  error,
  children,
}: {
  field: Exclude<OrderField, DeliveryField>;
  error?: string;
  children: (props: ControlProps & { className: string }) => ReactNode;
}) {
  return (
    <Field id={fieldId(field)} name={field} label={LABELS[field]} hint={HINTS[field]} error={error}>
      {(props) => children({ ...props, className: inputClass })}
    </Field>
  );
}

export interface OrderFormFailure {
  message: string;
  values: OrderValues;
  fieldErrors: OrderFieldErrors;
}

/**
 * The order form (SPEC.md §2 Order): name, number, address, file and an optional message. In
 * the browser its fields are checked before anything is sent and a large photo is made smaller;
 * the page's action sends it to the API. A refused form keeps everything typed, file included.
 */
export function OrderForm({
  failure,
  cartCount,
  delivery: offer,
}: {
  failure?: OrderFormFailure;
  cartCount: number;
  delivery: DeliveryOffer;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [checked, setChecked] = useState<OrderFieldErrors | null>(null);
  const hydrated = useHydrated();
  const bannerRef = useRef<HTMLDivElement>(null);
  // One key for this order, however many times it is sent (decision 034); a refused try
  // records nothing, so the corrected form goes under the same key.
  const orderKey = useRef<string | null>(null);
  // On the phone before the network goes: the code that keeps an order without it.
  useEffect(preloadKeptOrders, []);

  // The browser's own check wins until the customer sends again; then the server's answer.
  const errors = checked ?? failure?.fieldErrors ?? {};
  const firstInvalid = FIELDS.find((f) => errors[f]);
  const values = failure?.values;
  const [delivery, setDelivery] = useDeliveryState(
    offer,
    values
      ? {
          mode: values.deliveryOptionId,
          neighbourhood: values.neighbourhood,
          city: values.city,
          landmark: values.landmark,
        }
      : NO_DELIVERY,
  );

  useEffect(() => {
    if (!failure) return;
    setChecked(null);
    const first = FIELDS.find((f) => failure.fieldErrors[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
    else bannerRef.current?.scrollIntoView({ block: "center" });
  }, [failure]);

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      // Without JavaScript the browser checks the required fields; with it, our French checks.
      noValidate={hydrated}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        const file = data.get("file");
        const found = {
          ...checkOrderForm(readOrderForm(data), file instanceof File ? file : null),
          ...(offer.options.length ? checkDelivery(offer, delivery) : {}),
        };
        const first = FIELDS.find((f) => found[f]);
        if (first) {
          setChecked(found);
          document.getElementById(fieldId(first))?.focus();
          return;
        }
        setChecked(null);
        if (file instanceof File) data.set("file", await shrinkPhoto(file, ORDER_PHOTO));
        orderKey.current ??= newOrderKey();
        data.set("idempotencyKey", orderKey.current);
        submit(data, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
      }}
      className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <div ref={bannerRef} className="scroll-mt-32 empty:hidden">
        {(failure || checked) && firstInvalid && (
          <FieldErrorList
            title="Votre commande n'a pas été envoyée. Vérifiez :"
            items={FIELDS.flatMap((f) => {
              const error = errors[f];
              return error ? [{ href: `#${fieldId(f)}`, label: LABELS[f], error }] : [];
            })}
          />
        )}
        {failure && !checked && !firstInvalid && (
          <FormAlert>
            <p className="font-semibold">Votre commande n'a pas été envoyée : {failure.message}</p>
            <p className="mt-1 text-sm">Vos informations sont conservées ci-dessous : vous pouvez réessayer.</p>
          </FormAlert>
        )}
      </div>
      {cartCount > 0 && (
        <p className="rounded-md bg-brand/5 p-3 text-sm text-slate-800 ring-1 ring-brand/20">
          {cartCount > 1
            ? `Les ${cartCount} articles de votre panier seront joints à la commande.`
            : "L'article de votre panier sera joint à la commande."}
        </p>
      )}
      <OrderFieldBox field="name" error={errors.name}>
        {(props) => (
          <input {...props} required type="text" autoComplete="name" maxLength={100} defaultValue={values?.name} />
        )}
      </OrderFieldBox>
      <OrderFieldBox field="number" error={errors.number}>
        {(props) => (
          <input
            {...props}
            required
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            defaultValue={values?.number}
          />
        )}
      </OrderFieldBox>
      <OrderFieldBox field="text" error={errors.text}>
        {(props) => (
          <textarea
            {...props}
            required
            rows={2}
            autoComplete="street-address"
            maxLength={300}
            defaultValue={values?.text}
          />
        )}
      </OrderFieldBox>
      {offer.options.length > 0 && (
        <DeliveryChoice
          offer={offer}
          subtotal={0}
          state={delivery}
          onChange={setDelivery}
          errors={errors}
          idPrefix="order"
        />
      )}
      <OrderFieldBox field="file" error={errors.file}>
        {(props) => (
          <input
            {...props}
            required
            type="file"
            accept={ORDER_FILE_ACCEPT}
            className={`${props.className} file:mr-3 file:rounded-full file:border-0 file:bg-brand/10 file:px-3 file:py-1 file:font-semibold file:text-brand-dark`}
          />
        )}
      </OrderFieldBox>
      {failure && !hydrated && (
        <p className="text-sm text-slate-700">Veuillez joindre à nouveau votre fichier avant de renvoyer.</p>
      )}
      <OrderFieldBox field="message" error={errors.message}>
        {(props) => <textarea {...props} rows={4} maxLength={2000} defaultValue={values?.message} />}
      </OrderFieldBox>
      <SubmitButton busy={sending} busyLabel="Envoi de la commande…">
        Terminer la commande
      </SubmitButton>
    </Form>
  );
}
