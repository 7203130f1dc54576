import { describe, expect, it } from "vitest";
import { MESSAGE_FOLD_CHARS, messageExcerpt, replyHref, replySubject } from "./message-reply";

describe("the reply by e-mail", () => {
  it("answers the sender with 'Re: ' and the subject, spaces as %20", () => {
    expect(replyHref({ email: "awa@exemple.cm", subject: "iPhone 13 en stock ?" })).toBe(
      "mailto:awa@exemple.cm?subject=Re%3A%20iPhone%2013%20en%20stock%20%3F",
    );
  });

  it("does not pile up 'Re:'", () => {
    expect(replySubject("RE: garantie")).toBe("RE: garantie");
    expect(replySubject("  Retour produit ")).toBe("Re: Retour produit");
  });
});

describe("messageExcerpt", () => {
  it("leaves a short message whole", () => {
    expect(messageExcerpt("Bonjour")).toBe("Bonjour");
  });

  it("cuts a long one at a word, with an ellipsis", () => {
    const long = `${"mot ".repeat(100)}fin`;
    const excerpt = messageExcerpt(long);
    expect(excerpt.length).toBeLessThanOrEqual(MESSAGE_FOLD_CHARS + 1);
    expect(excerpt.endsWith("mot…")).toBe(true);
  });

  it("cuts a message without spaces where it must", () => {
    expect(messageExcerpt("x".repeat(400))).toBe(`${"x".repeat(MESSAGE_FOLD_CHARS)}…`);
  });
});
