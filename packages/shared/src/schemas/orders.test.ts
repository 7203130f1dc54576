import { describe, expect, it } from "vitest";
import { cameroonPhone, orderFormInput, orderReference } from "./orders.ts";

describe("order contract", () => {
  it("stores Cameroon numbers as +237 and refuses others in French", () => {
    expect(cameroonPhone.parse("6 77 12 34 56")).toBe("+237677123456");
    expect(cameroonPhone.parse("00237 677123456")).toBe("+237677123456");
    const refused = cameroonPhone.safeParse("+33 6 12 34 56 78");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/Numéro de téléphone invalide/);
  });

  it("reads a reference whatever its case and spaces", () => {
    expect(orderReference.parse(" cmd-7k4q ")).toBe("CMD-7K4Q");
    expect(orderReference.safeParse("CMD-0000").success).toBe(false);
  });

  it("requires name, number and address; the message is optional", () => {
    const ok = orderFormInput.parse({ name: " Awa ", number: "677123456", text: "Maképé, Yaoundé" });
    expect(ok).toEqual({ name: "Awa", number: "+237677123456", text: "Maképé, Yaoundé", message: "" });
    const missing = orderFormInput.safeParse({ name: "", number: "", text: "" });
    expect(missing.error?.issues.map((i) => i.path[0])).toEqual(["name", "number", "text"]);
  });
});
