import type { ProductOption, ProductVariant } from "@shop/shared";
import { Form } from "react-router";
import { optionChoices, type ValueChoice } from "./variant-choice";

const BASE =
  "inline-flex min-h-11 min-w-11 flex-col items-center justify-center rounded-lg border-2 px-3 py-1.5 text-sm font-semibold leading-tight transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

function look(choice: ValueChoice) {
  if (choice.selected) return `${BASE} border-brand bg-brand/10 text-brand-dark`;
  if (choice.state === "unavailable")
    return `${BASE} border-dashed border-slate-300 bg-slate-50 text-slate-600 line-through`;
  return `${BASE} border-slate-300 bg-white text-slate-900 hover:border-brand`;
}

/** What a screen reader hears after the value: the same facts the eye reads. */
function hint(choice: ValueChoice) {
  if (choice.state === "unavailable") return ", non disponible avec ce choix";
  if (choice.state === "soldOut") return ", épuisé";
  return "";
}

/**
 * One group of buttons per option ('Stockage' : 128 Go / 256 Go …). Each button is a GET
 * submit of `?variant=<id>`: without JavaScript the server renders that choice; with it, the
 * router replaces the address (no new history entry, no scroll) and the page follows without
 * asking the API again (the route's shouldRevalidate). A value not sold with the other chosen
 * ones is struck through and says so, and still leads somewhere: to the nearest variant sold.
 */
export function VariantPicker({
  options,
  variants,
  chosen,
}: {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  chosen: ProductVariant | undefined;
}) {
  if (options.length === 0) return null;
  const groups = optionChoices(options, variants, chosen);
  return (
    <Form method="get" replace preventScrollReset className="mt-4 space-y-4">
      {groups.map((group) => {
        const selected = group.values.find((v) => v.selected)?.value;
        return (
          <fieldset key={group.name}>
            <legend className="text-sm font-medium text-slate-700">
              {group.name}
              {selected && (
                <>
                  {" : "}
                  <span className="font-bold text-slate-900">{selected}</span>
                </>
              )}
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {group.values.map((choice) =>
                choice.target ? (
                  <button
                    key={choice.value}
                    // The chosen value is already the page: choosing it again does nothing.
                    type={choice.selected ? "button" : "submit"}
                    name="variant"
                    value={choice.target._id}
                    aria-pressed={choice.selected}
                    // The name holds the visible words and the state: "Bleu, épuisé".
                    aria-label={hint(choice) ? `${choice.value}${hint(choice)}` : undefined}
                    data-state={choice.state}
                    className={look(choice)}
                  >
                    <span>{choice.value}</span>
                    {choice.state === "soldOut" && (
                      <>
                        {/* Unseen in the column, this space keeps the words apart in the text the button
                            shows, « Bleu Épuisé », which its name must hold (WCAG 2.5.3). */}{" "}
                        <span aria-hidden="true" className="text-[0.6875rem] font-medium text-red-700">
                          Épuisé
                        </span>
                      </>
                    )}
                  </button>
                ) : (
                  // No variant is sold with this value at all: shown, but it leads nowhere.
                  <button
                    key={choice.value}
                    type="button"
                    aria-pressed={false}
                    aria-disabled="true"
                    aria-label={`${choice.value}, non disponible`}
                    data-state="unavailable"
                    className={`${look(choice)} cursor-not-allowed`}
                  >
                    <span>{choice.value}</span>
                  </button>
                ),
              )}
            </div>
          </fieldset>
        );
      })}
    </Form>
  );
}
