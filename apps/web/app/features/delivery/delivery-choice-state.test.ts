import { FIELD_MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { aDeliveryOffer, aDeliveryOption } from "../../test/builders";
import {
  checkDelivery,
  choiceOf,
  HOME,
  NO_DELIVERY,
  neighbourhoodsOf,
  quoteDelivery,
  stillOffered,
  zoneFees,
} from "./delivery-choice-state";

const option = (id: string, kind: "zone" | "pickup" | "shipping", fee: number | null, neighbourhoods: string[] = []) =>
  aDeliveryOption({ _id: id, kind, name: id, fee, neighbourhoods });
const offer = aDeliveryOffer({
  options: [
    option("z1", "zone", 1000, ["Nlongkak", "Élig-Essono"]),
    option("z2", "zone", 2500, ["Odza", "Bastos"]),
    option("p", "pickup", 0),
    option("s", "shipping", null),
  ],
  freeFrom: 100_000,
  pickupAddress: "Maképé",
});

describe("the delivery choice", () => {
  it("lists every neighbourhood alphabetically, accents aside, with its zone, and the zones' fees", () => {
    expect(neighbourhoodsOf(offer).map((n) => [n.name, n.zone._id])).toEqual([
      ["Bastos", "z2"],
      ["Élig-Essono", "z1"],
      ["Nlongkak", "z1"],
      ["Odza", "z2"],
    ]);
    expect(zoneFees(offer)).toEqual({ min: 1000, max: 2500 });
    expect(zoneFees({ ...offer, options: [] })).toBeNull();
  });

  it("prices the neighbourhood's zone, free from the amount; nothing until a neighbourhood is chosen", () => {
    const home = { ...NO_DELIVERY, mode: HOME };
    expect(quoteDelivery(offer, home, 5000)).toBeNull();
    expect(quoteDelivery(offer, { ...home, neighbourhood: "odza" }, 5000)).toMatchObject({
      option: { _id: "z2" },
      fee: 2500,
      free: false,
      total: 7500,
    });
    expect(quoteDelivery(offer, { ...home, neighbourhood: "Odza" }, 100_000)).toMatchObject({ fee: 0, free: true });
    expect(quoteDelivery(offer, { ...NO_DELIVERY, mode: "s" }, 5000)).toMatchObject({ fee: null, total: 5000 });
  });

  it("asks for what the option needs, and sends only that", () => {
    expect(checkDelivery(offer, NO_DELIVERY)).toEqual({ deliveryOptionId: FIELD_MSG.deliveryOptionRequired });
    expect(checkDelivery(offer, { ...NO_DELIVERY, mode: HOME })).toEqual({
      neighbourhood: FIELD_MSG.neighbourhoodRequired,
      landmark: FIELD_MSG.landmarkRequired,
    });
    expect(checkDelivery(offer, { ...NO_DELIVERY, mode: "s" })).toEqual({ city: FIELD_MSG.cityRequired });
    expect(checkDelivery(offer, { ...NO_DELIVERY, mode: "p" })).toEqual({});
    expect(checkDelivery(offer, { ...NO_DELIVERY, mode: "gone" })).toEqual({
      deliveryOptionId: FIELD_MSG.deliveryOptionRequired,
    });
    const typed = { mode: "p", neighbourhood: "Odza", city: "Douala", landmark: " " };
    expect(choiceOf(typed)).toEqual({ deliveryOptionId: "p", city: "Douala" });
    expect(choiceOf({ ...typed, mode: HOME, landmark: " Pharmacie " })).toEqual({
      deliveryOptionId: HOME,
      neighbourhood: "Odza",
      landmark: "Pharmacie",
    });
    expect(choiceOf(NO_DELIVERY)).toEqual({});
  });

  it("forgets a remembered choice today's offer no longer has", () => {
    const remembered = { mode: HOME, neighbourhood: "Mokolo", city: "", landmark: "Marché" };
    expect(stillOffered(offer, remembered)).toEqual({ ...remembered, neighbourhood: "" });
    expect(stillOffered(offer, { ...remembered, mode: "old-id" }).mode).toBe("");
    expect(stillOffered(offer, { ...remembered, neighbourhood: "Bastos" })).toEqual({
      ...remembered,
      neighbourhood: "Bastos",
    });
  });
});
