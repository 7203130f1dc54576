import { describe, expect, it } from "vitest";
import { durationInWords, MSG } from "./messages.ts";

describe("durationInWords", () => {
  it.each([
    [1800, "30 minutes"],
    [60, "1 minute"],
    [3600, "1 heure"],
    [7200, "2 heures"],
    [5400, "90 minutes"],
    [90, "90 secondes"],
    [1, "1 seconde"],
    [2, "2 secondes"],
  ])("says %i seconds as %s", (seconds, words) => {
    expect(durationInWords(seconds)).toBe(words);
  });
});

describe("the reset links' messages", () => {
  it("name the lifetime the shop configured (30 minutes by default)", () => {
    expect(MSG.resetRequested(1800)).toBe(
      "Si un compte existe avec cet e-mail, un lien pour choisir un nouveau mot de passe vient d'y être envoyé. Il est valable 30 minutes.",
    );
    expect(MSG.resetLinkMade(1800)).toBe(
      "Lien de réinitialisation créé. Il est valable 30 minutes et ne sert qu'une fois.",
    );
    expect(MSG.resetLinkMade(3600)).toContain("valable 1 heure");
  });
});
