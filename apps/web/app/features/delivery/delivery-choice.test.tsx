import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { aDeliveryOffer, aDeliveryOption, uuid } from "../../test/builders";
import { hydrateOver } from "../../test/hydrate-over";
import { DeliveryChoice } from "./delivery-choice";
import { type DeliveryState, NO_DELIVERY } from "./delivery-choice-state";

const OFFER = aDeliveryOffer({
  options: [
    aDeliveryOption({ _id: uuid(1), kind: "zone", name: "Zone 1", fee: 1000, neighbourhoods: ["Nlongkak"] }),
    aDeliveryOption({ _id: uuid(2), kind: "zone", name: "Zone 2", fee: 1500, neighbourhoods: ["Bastos"] }),
    aDeliveryOption({ _id: uuid(10), kind: "pickup", name: "Retrait en boutique", fee: 0 }),
    aDeliveryOption({ _id: uuid(11), kind: "shipping", name: "Expédition hors Yaoundé", fee: null }),
  ],
  freeFrom: null,
  pickupAddress: "Maképé, Yaoundé",
});

/** The choice as a page holds it, written out so that a test reads the state, not the controls. */
function Holder({ onChange }: { onChange: (next: DeliveryState) => void }) {
  const [state, setState] = useState(NO_DELIVERY);
  return (
    <form>
      <DeliveryChoice
        offer={OFFER}
        subtotal={2000}
        state={state}
        onChange={(next) => {
          onChange(next);
          setState(next);
        }}
        idPrefix="test"
      />
      <output>{`État : ${state.mode || "—"} / ${state.neighbourhood || "—"} / ${state.city || "—"} / ${state.landmark || "—"}`}</output>
    </form>
  );
}

const held = () => screen.getByText(/^État :/).textContent;
const radio = (name: RegExp) => screen.getByRole("radio", { name }) as HTMLInputElement;
const text = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;

/** The choice's HTML changed by `before`, then hydrated: what the holder was told. */
async function hydrateAfter(before: () => void) {
  const onChange = vi.fn();
  await hydrateOver(<Holder onChange={onChange} />, before);
  return onChange;
}

describe("DeliveryChoice taking over a choice made before the scripts ran", () => {
  it("changes nothing when the customer touched nothing", async () => {
    const onChange = await hydrateAfter(() => {});
    expect(onChange).not.toHaveBeenCalled();
    expect(held()).toBe("État : — / — / — / —");
  });

  it("takes the home delivery, the neighbourhood and the landmark the page shows", async () => {
    const onChange = await hydrateAfter(() => {
      radio(/Livraison à domicile/).checked = true;
      (screen.getByRole("combobox", { name: "Quartier" }) as HTMLSelectElement).value = "Bastos";
      text("Point de repère").value = "Pharmacie du Lac";
    });
    expect(onChange).toHaveBeenCalledOnce();
    expect(held()).toBe("État : zone / Bastos / — / Pharmacie du Lac");
    // The next change keeps the rest of what was chosen early.
    fireEvent.change(text("Point de repère"), { target: { value: "Face à la pharmacie" } });
    expect(held()).toBe("État : zone / Bastos / — / Face à la pharmacie");
    expect(radio(/Livraison à domicile/).checked).toBe(true);
  });

  it("takes a shipping chosen early, which is not the first choice, with its town", async () => {
    await hydrateAfter(() => {
      radio(/Expédition hors Yaoundé/).checked = true;
      text("Ville").value = "Douala";
    });
    expect(held()).toBe(`État : ${uuid(11)} / — / Douala / —`);
    fireEvent.change(text("Point de repère"), { target: { value: "Gare routière" } });
    expect(held()).toBe(`État : ${uuid(11)} / — / Douala / Gare routière`);
    expect(radio(/Expédition hors Yaoundé/).checked).toBe(true);
  });
});
