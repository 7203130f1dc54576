import { FIELD_MSG, MSG, ORDER_FILE_MAX_BYTES } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { checkOrderForm, orderFieldErrors, readOrderForm } from "./order-form-data";

const filled = { name: "Awa Ngono", number: "6 77 12 34 56", text: "Maképé, Yaoundé", message: "" };
const photo = (size = 1000, type = "image/jpeg") => new File([new Uint8Array(size)], "photo.jpg", { type });

describe("the order form's checks in the browser", () => {
  it("lets a complete form go", () => {
    expect(checkOrderForm(filled, photo())).toEqual({});
  });

  it("names every missing required field in French; the message may stay empty", () => {
    expect(checkOrderForm({ name: " ", number: "", text: "" }, null)).toEqual({
      name: FIELD_MSG.nameRequired,
      number: FIELD_MSG.phoneRequired,
      text: FIELD_MSG.addressRequired,
      file: MSG.orderFileMissing,
    });
  });

  it("refuses a number that is not Cameroonian before any upload", () => {
    expect(checkOrderForm({ ...filled, number: "06 12 34 56 78" }, photo()).number).toBe(FIELD_MSG.phoneInvalid);
    expect(checkOrderForm({ ...filled, number: "+237 677 12 34 56" }, photo())).toEqual({});
  });

  it("refuses a file of another kind, or too large", () => {
    expect(checkOrderForm(filled, photo(10, "application/zip")).file).toBe(MSG.orderFileInvalid);
    expect(checkOrderForm(filled, photo(ORDER_FILE_MAX_BYTES + 1)).file).toBe(MSG.orderFileTooLarge);
    expect(checkOrderForm(filled, photo(10, "application/pdf"))).toEqual({});
  });
});

describe("the API's refusal, field by field", () => {
  it("places the delivery's issues beside the delivery's fields", () => {
    expect(
      orderFieldErrors(MSG.deliveryNeighbourhoodNotServed, [
        { path: "body.neighbourhood", message: MSG.deliveryNeighbourhoodNotServed },
      ]),
    ).toEqual({ neighbourhood: MSG.deliveryNeighbourhoodNotServed });
  });

  it("places issues and file messages beside their fields", () => {
    expect(
      orderFieldErrors(MSG.invalidInput, [
        { path: "body.number", message: FIELD_MSG.phoneInvalid },
        { path: "body.number", message: "second" },
        { path: "body.unknown", message: "ignored" },
      ]),
    ).toEqual({ number: FIELD_MSG.phoneInvalid });
    expect(orderFieldErrors(MSG.orderFileInvalid, [])).toEqual({ file: MSG.orderFileInvalid });
  });

  it("reads the text fields of a posted form, a file in their place counting as empty", () => {
    const form = new FormData();
    form.set("name", "Awa");
    form.set("text", photo());
    form.set("neighbourhood", "Bastos");
    expect(readOrderForm(form)).toEqual({
      name: "Awa",
      number: "",
      text: "",
      message: "",
      deliveryOptionId: "",
      neighbourhood: "Bastos",
      city: "",
      landmark: "",
    });
  });
});
