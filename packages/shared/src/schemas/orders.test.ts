import { describe, expect, it } from "vitest";
import { FIELD_MSG } from "../messages.ts";
import { cameroonPhone, idempotencyKey, orderFormInput, orderReference } from "./orders.ts";

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

  it("takes a UUID as an idempotency key and refuses what is not one, in French", () => {
    const uuid = crypto.randomUUID();
    expect(idempotencyKey.parse(uuid)).toBe(uuid);
    expect(idempotencyKey.parse("a".repeat(16))).toBe("a".repeat(16));
    expect(idempotencyKey.parse("Z_-9".repeat(25))).toHaveLength(100);
    for (const refused of ["a".repeat(15), "a".repeat(101), ` ${uuid}`, `${uuid.slice(0, 30)}é`, 42, null]) {
      expect(idempotencyKey.safeParse(refused).error?.issues[0]?.message, String(refused)).toBe(
        FIELD_MSG.idempotencyKeyInvalid,
      );
    }
  });
});
