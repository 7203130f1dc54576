import { PAYMENT_OPERATOR_LABELS, PAYMENT_OPERATORS, type PaymentOperator } from "@shop/shared/core";

/** Each operator's colour, beside its name (decorative: the name says it). */
const SWATCH: Record<PaymentOperator, string> = { mtn: "bg-yellow-400", orange: "bg-orange-500" };

/**
 * MTN MoMo or Orange Money: two radio buttons drawn as big buttons, easy to tap on a phone,
 * with the browser's own keyboard behaviour (arrows move the choice). Controlled when `value`
 * is given, else starts from `defaultValue`.
 */
export function OperatorChoice({
  idPrefix,
  legend,
  value,
  defaultValue,
  onChange,
  error,
}: {
  idPrefix: string;
  legend: string;
  value?: PaymentOperator | null;
  defaultValue?: string;
  onChange?: (operator: PaymentOperator) => void;
  error?: string;
}) {
  const errorId = `${idPrefix}-operator-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="font-medium">{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-3">
        {PAYMENT_OPERATORS.map((operator) => (
          <label
            key={operator}
            className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border-2 border-slate-300 bg-white px-3 py-2 font-semibold text-slate-900 has-checked:border-brand has-checked:bg-brand/5 has-focus-visible:ring-2 has-focus-visible:ring-brand/40"
          >
            <input
              type="radio"
              name="operator"
              value={operator}
              id={`${idPrefix}-operator-${operator}`}
              required
              aria-invalid={error ? true : undefined}
              {...(value !== undefined
                ? { checked: value === operator, onChange: () => onChange?.(operator) }
                : { defaultChecked: defaultValue === operator })}
              className="size-5 shrink-0 accent-brand"
            />
            <span aria-hidden="true" className={`size-3 shrink-0 rounded-full ${SWATCH[operator]}`} />
            <span>{PAYMENT_OPERATOR_LABELS[operator]}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The id of an operator choice's first button, where a refused choice sends the focus. */
export const operatorFieldId = (idPrefix: string) => `${idPrefix}-operator-mtn`;
