import type { DeliveryOffer, DeliveryOption } from "@shop/shared";
import { deliveryFeeFor, deliveryFeeLabel, formatPrice } from "@shop/shared/core";
import { useEffect, useRef } from "react";
import { Field, inputClass } from "../../components/ui/field";
import {
  type DeliveryErrors,
  type DeliveryField,
  type DeliveryState,
  HOME,
  neighbourhoodsOf,
  zoneFees,
} from "./delivery-choice-state";

/**
 * What the customer chose or typed before the scripts ran: React keeps the page's controls as
 * they are when it takes them over, then would draw them back to its own state at the next
 * change. The state takes what they show instead, so no choice made early is lost.
 */
function useChoiceMadeEarly(state: DeliveryState, onChange: (next: DeliveryState) => void) {
  const box = useRef<HTMLFieldSetElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the scripts take the page over
  useEffect(() => {
    const form = box.current?.form;
    if (!form) return;
    const data = new FormData(form);
    // A field the page does not show keeps the state's value; no radio checked is no choice.
    const shown = (name: string, kept: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value : kept;
    };
    const next: DeliveryState = {
      mode: shown("deliveryOptionId", ""),
      neighbourhood: shown("neighbourhood", state.neighbourhood),
      city: shown("city", state.city),
      landmark: shown("landmark", state.landmark),
    };
    if (JSON.stringify(next) !== JSON.stringify(state)) onChange(next);
  }, []);
  return box;
}

/** The id of a delivery field's control, for labels and for the error list's links. */
export const deliveryFieldId = (prefix: string, field: DeliveryField) =>
  field === "deliveryOptionId" ? `${prefix}-delivery` : `${prefix}-${field}`;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Gratuit", "1 500 FCFA", "offerte", "Frais à confirmer", with the delay. */
function optionLine(option: DeliveryOption, subtotal: number, freeFrom: number | null): string {
  const { fee, free } = deliveryFeeFor(option, subtotal, freeFrom);
  const price = fee === null ? "Frais à confirmer" : capitalise(deliveryFeeLabel(fee, free));
  return option.delay ? `${price} · ${option.delay}` : price;
}

/**
 * The delivery part of ordering (decision 025): home delivery in Yaoundé by neighbourhood, with a
 * 'Point de repère'; pickup at the shop; shipping out of Yaoundé to a town. Its controls carry
 * the API's names, so the order form posts them as they are, even before its scripts run
 * (each option's own fields then all show: CSS, not state, hides the others').
 */
export function DeliveryChoice({
  offer,
  subtotal,
  state,
  onChange,
  errors = {},
  idPrefix,
}: {
  offer: DeliveryOffer;
  subtotal: number;
  state: DeliveryState;
  onChange: (next: DeliveryState) => void;
  errors?: DeliveryErrors;
  idPrefix: string;
}) {
  const neighbourhoods = neighbourhoodsOf(offer);
  const fees = zoneFees(offer);
  const others = offer.options.filter((o) => o.kind !== "zone");
  const home = neighbourhoods.find((n) => n.name === state.neighbourhood)?.zone;
  const set = (patch: Partial<DeliveryState>) => onChange({ ...state, ...patch });
  const groupError = errors.deliveryOptionId;
  const id = (field: DeliveryField) => deliveryFieldId(idPrefix, field);
  const radio = "peer size-5 shrink-0 accent-brand";
  const choice =
    "flex cursor-pointer items-start gap-3 rounded-md p-3 ring-1 ring-slate-300 has-checked:bg-brand/5 has-checked:ring-2 has-checked:ring-brand";
  const pickedOnly = "mt-3 hidden space-y-3 peer-has-checked:block";
  const box = useChoiceMadeEarly(state, onChange);

  const homeLine = home
    ? `${home.name} · ${optionLine(home, subtotal, offer.freeFrom)}`
    : fees && fees.min !== fees.max
      ? `De ${formatPrice(fees.min)} à ${formatPrice(fees.max)} selon le quartier`
      : fees
        ? `${formatPrice(fees.min)} · selon le quartier`
        : "";

  return (
    <fieldset
      ref={box}
      id={id("deliveryOptionId")}
      tabIndex={-1}
      aria-invalid={groupError ? true : undefined}
      aria-describedby={groupError ? `${id("deliveryOptionId")}-error` : undefined}
      className="space-y-3 focus:outline-none"
    >
      <legend className="text-lg font-bold">Livraison</legend>
      {offer.freeFrom !== null && fees && (
        <p className="text-sm text-slate-700">Livraison offerte à Yaoundé dès {formatPrice(offer.freeFrom)} d'achat.</p>
      )}
      {groupError && (
        <p id={`${id("deliveryOptionId")}-error`} className="text-sm font-medium text-red-700">
          {groupError}
        </p>
      )}
      {neighbourhoods.length > 0 && (
        <div>
          <div className="peer">
            <label className={choice}>
              <input
                type="radio"
                name="deliveryOptionId"
                value={HOME}
                checked={state.mode === HOME}
                onChange={() => set({ mode: HOME })}
                className={radio}
              />
              <span>
                <span className="block font-semibold">Livraison à domicile à Yaoundé</span>
                <span className="block text-sm text-slate-700">{homeLine}</span>
              </span>
            </label>
          </div>
          <div className={pickedOnly}>
            <Field
              id={id("neighbourhood")}
              name="neighbourhood"
              label="Quartier"
              hint="Votre quartier n'est pas dans la liste ? Choisissez l'expédition, ou appelez la boutique."
              error={errors.neighbourhood}
            >
              {(props) => (
                <select
                  {...props}
                  className={inputClass}
                  value={state.neighbourhood}
                  onChange={(event) => set({ mode: HOME, neighbourhood: event.target.value })}
                >
                  <option value="">Choisissez votre quartier</option>
                  {neighbourhoods.map((n) => (
                    <option key={n.name} value={n.name}>
                      {n.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </div>
      )}
      {others.map((option) => (
        <div key={option._id}>
          <div className="peer">
            <label className={choice}>
              <input
                type="radio"
                name="deliveryOptionId"
                value={option._id}
                checked={state.mode === option._id}
                onChange={() => set({ mode: option._id })}
                className={radio}
              />
              <span>
                <span className="block font-semibold">{option.name}</span>
                <span className="block text-sm text-slate-700">{optionLine(option, subtotal, offer.freeFrom)}</span>
                {option.kind === "pickup" && offer.pickupAddress && (
                  <span className="block text-sm text-slate-700">{offer.pickupAddress}</span>
                )}
                {option.details && <span className="block text-sm text-slate-600">{option.details}</span>}
              </span>
            </label>
          </div>
          {option.kind === "shipping" && (
            <div className={pickedOnly}>
              <Field id={id("city")} name="city" label="Ville" error={errors.city}>
                {(props) => (
                  <input
                    {...props}
                    className={inputClass}
                    type="text"
                    autoComplete="address-level2"
                    maxLength={60}
                    value={state.city}
                    onChange={(event) => set({ city: event.target.value })}
                  />
                )}
              </Field>
            </div>
          )}
        </div>
      ))}
      {chosenIsPickup(offer, state) ? null : (
        <Field
          id={id("landmark")}
          name="landmark"
          label="Point de repère"
          hint="Par exemple : en face de la pharmacie, derrière l'école publique…"
          error={errors.landmark}
        >
          {(props) => (
            <input
              {...props}
              className={inputClass}
              type="text"
              maxLength={200}
              value={state.landmark}
              onChange={(event) => set({ landmark: event.target.value })}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}

const chosenIsPickup = (offer: DeliveryOffer, state: DeliveryState) =>
  offer.options.some((o) => o._id === state.mode && o.kind === "pickup");
