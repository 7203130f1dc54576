import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import {
  checkOption,
  NEW_OPTION,
  neighbourhoodList,
  optionBody,
  optionErrorsOf,
  readOptionForm,
} from "./option-form-values";

describe("the delivery option form", () => {
  it("reads neighbourhoods one a line or separated by commas, blanks dropped", () => {
    expect(neighbourhoodList("Bastos\n Essos, Omnisport ;\n\n")).toEqual(["Bastos", "Essos", "Omnisport"]);
  });

  it("sends what the kind uses: a zone its fee and neighbourhoods, a pickup nothing to pay, shipping to confirm", () => {
    const zone = { ...NEW_OPTION, name: "Zone 4", fee: "2 000", neighbourhoods: "Soa\nNkolfoulou" };
    expect(optionBody(zone)).toEqual({
      kind: "zone",
      name: "Zone 4",
      fee: 2000,
      delay: "",
      details: "",
      neighbourhoods: ["Soa", "Nkolfoulou"],
      active: true,
    });
    expect(optionBody({ ...zone, kind: "pickup", fee: "500" })).toMatchObject({ fee: 0, neighbourhoods: [] });
    expect(optionBody({ ...zone, kind: "shipping", feeToConfirm: true }, 3)).toMatchObject({ fee: null, position: 3 });
    expect(optionBody({ ...zone, kind: "shipping", fee: "5000" })).toMatchObject({ fee: 5000 });
  });

  it("checks first what the server would refuse, in its words", () => {
    expect(checkOption(NEW_OPTION)).toEqual({
      name: FIELD_MSG.deliveryNameRequired,
      fee: FIELD_MSG.deliveryFeeInvalid,
      neighbourhoods: FIELD_MSG.deliveryZoneNeedsNeighbourhoods,
    });
    expect(checkOption({ ...NEW_OPTION, kind: "pickup", name: "Retrait" })).toEqual({});
    expect(checkOption({ ...NEW_OPTION, kind: "shipping", name: "Envoi", feeToConfirm: true })).toEqual({});
    expect(checkOption({ ...NEW_OPTION, kind: "shipping", name: "Envoi" })).toEqual({
      fee: FIELD_MSG.deliveryFeeInvalid,
    });
  });

  it("reads the posted form and places the server's issues beside their fields", () => {
    const form = new FormData();
    form.set("kind", "shipping");
    form.set("name", "Expédition");
    form.set("feeToConfirm", "on");
    expect(readOptionForm(form)).toMatchObject({ kind: "shipping", feeToConfirm: true, active: false });
    form.set("kind", "drone");
    expect(readOptionForm(form).kind).toBe("zone");
    expect(
      optionErrorsOf([
        { path: "body.neighbourhoods.3", message: MSG.deliveryNeighbourhoodTaken },
        { path: "body.unknown", message: "ignored" },
      ]),
    ).toEqual({ neighbourhoods: MSG.deliveryNeighbourhoodTaken });
  });
});
