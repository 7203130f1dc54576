import { describe, expect, it } from "vitest";
import { formOf } from "../../../test/forms";
import { accountInput, deleteInput, readMyDataChoice } from "./my-data-form";

const account = (fields: Record<string, string> = {}) => {
  const choice = readMyDataChoice(
    formOf({ intent: "account", name: " Awa Ngono ", email: " awa@exemple.cm ", currentPassword: "", ...fields }),
  );
  if (choice?.intent !== "account") throw new Error("not the account's form");
  return choice;
};

describe("readMyDataChoice", () => {
  it("reads each form of the page: names and e-mails trimmed, passwords as typed", () => {
    expect(account({ currentPassword: " secret ", profilePic: "", removePhoto: "1" })).toEqual({
      intent: "account",
      name: "Awa Ngono",
      email: "awa@exemple.cm",
      currentPassword: " secret ",
      profilePic: "",
      removePhoto: true,
    });
    expect(
      readMyDataChoice(
        formOf({ intent: "password", currentPassword: "ancien", password: "nouveau-1", confirmPassword: "nouveau-1" }),
      ),
    ).toEqual({ intent: "password", currentPassword: "ancien", password: "nouveau-1", confirmPassword: "nouveau-1" });
    expect(readMyDataChoice(formOf({ intent: "delete-account", password: "x", code: " 123 456 " }))).toEqual({
      intent: "delete-account",
      password: "x",
      code: "123 456",
    });
  });

  it("refuses a form no page sends", () => {
    expect(readMyDataChoice(formOf({ intent: "tout" }))).toBeNull();
    expect(readMyDataChoice(formOf({}))).toBeNull();
  });
});

describe("accountInput", () => {
  it("keeps the photo as it is when none is chosen, and sends no empty password", () => {
    expect(accountInput(account())).toEqual({ name: "Awa Ngono", email: "awa@exemple.cm" });
  });

  it("sends the current password when typed (a new e-mail asks for it)", () => {
    expect(accountInput(account({ currentPassword: "motdepasse" }))).toEqual({
      name: "Awa Ngono",
      email: "awa@exemple.cm",
      currentPassword: "motdepasse",
    });
  });

  it("removes the photo when asked: an empty profilePic", () => {
    expect(accountInput(account({ removePhoto: "1" }))).toMatchObject({ profilePic: "" });
  });

  it("sends the photo prepared by the page, or the file made a data URL by the server; a new one wins over 'Retirer'", () => {
    const prepared = "data:image/jpeg;base64,AAAA";
    expect(accountInput(account({ profilePic: prepared }))).toMatchObject({ profilePic: prepared });
    const uploaded = "data:image/png;base64,BBBB";
    expect(accountInput(account({ removePhoto: "1" }), uploaded)).toMatchObject({ profilePic: uploaded });
  });
});

describe("deleteInput", () => {
  it("confirms with the password when no code is typed", () => {
    expect(deleteInput({ password: "motdepasse", code: "" })).toEqual({ password: "motdepasse" });
  });

  it("sends six digits, spaces aside, as the authenticator app's code", () => {
    expect(deleteInput({ password: "", code: "123 456" })).toEqual({ code: "123456" });
    expect(deleteInput({ password: "", code: " 654321 " })).toEqual({ code: "654321" });
  });

  it("sends anything else as a recovery code, as typed (the server reads its dashes and case)", () => {
    expect(deleteInput({ password: "", code: "7kq2-m9xp-4tza" })).toEqual({ recoveryCode: "7kq2-m9xp-4tza" });
    expect(deleteInput({ password: "", code: "12345" })).toEqual({ recoveryCode: "12345" });
  });

  it("takes the code typed over a password the browser filled in: exactly one proof", () => {
    expect(deleteInput({ password: "rempli", code: "123456" })).toEqual({ code: "123456" });
  });

  it("has nothing to send when nothing is typed", () => {
    expect(deleteInput({ password: "", code: "  " })).toBeNull();
  });
});
