import { MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { readFields, refusalOf } from "./form-values";

describe("readFields", () => {
  it("reads the named fields as text; a file or a missing field is empty", () => {
    const form = new FormData();
    form.set("name", "Awa");
    form.set("file", new Blob(["x"]), "x.png");
    form.set("other", "ignored");
    expect(readFields(form, ["name", "file", "phone"] as const)).toEqual({ name: "Awa", file: "", phone: "" });
  });
});

describe("refusalOf", () => {
  it.each([400, 413, 415, 429])("tells a %i in the API's words, with its status", (status) => {
    expect(refusalOf(new ApiError(status, "Le nom est obligatoire."))).toEqual({
      message: "Le nom est obligatoire.",
      status,
    });
  });

  it.each([0, 401, 404, 500, 503])("calls a %i the shop's fault, as a 500", (status) => {
    expect(refusalOf(new ApiError(status, "détail interne"))).toEqual({ message: MSG.serverError, status: 500 });
  });

  it("takes the statuses a page adds as the visitor's", () => {
    expect(refusalOf(new ApiError(404, "Commande introuvable."), [404])).toEqual({
      message: "Commande introuvable.",
      status: 404,
    });
  });
});
