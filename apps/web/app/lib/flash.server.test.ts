import { describe, expect, it } from "vitest";
import { CLEAR_FLASH, flashCookie, readFlash, withFlash } from "./flash.server";

/** A request carrying the cookie a Set-Cookie header gave the browser, among others. */
const carrying = (setCookie: string, others = "token=jwt; theme=clair") => {
  const pair = setCookie.split(";", 1)[0];
  return new Request("https://boutique.test/", { headers: { cookie: `${others}; ${pair}` } });
};
const withRaw = (value: string) => new Request("https://boutique.test/", { headers: { cookie: `flash=${value}` } });

describe("flash cookie", () => {
  it("carries a notice to the next request, briefly, out of the scripts' reach", () => {
    const notice = { tone: "success", text: "Merci pour votre abonnement! awa@exemple.cm; « é » = 100 %" } as const;
    const header = flashCookie(notice);
    expect(header).toMatch(/^flash=[^;\s]+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);
    expect(readFlash(carrying(header))).toEqual(notice);
  });

  it("keeps each tone", () => {
    for (const tone of ["success", "error", "info"] as const) {
      expect(readFlash(carrying(flashCookie({ tone, text: "Texte" })))?.tone).toBe(tone);
    }
  });

  it("caps the text at 300 characters, written and read", () => {
    const long = "a".repeat(500);
    expect(readFlash(carrying(flashCookie({ tone: "info", text: long })))?.text).toBe("a".repeat(300));
    const forged = encodeURIComponent(JSON.stringify({ tone: "info", text: long }));
    expect(readFlash(withRaw(forged))?.text).toHaveLength(300);
  });

  it("is no notice without the cookie, or when it is malformed", () => {
    expect(readFlash(new Request("https://boutique.test/"))).toBeNull();
    expect(
      readFlash(new Request("https://boutique.test/", { headers: { cookie: "myflash=x; token=jwt" } })),
    ).toBeNull();
    expect(readFlash(withRaw(""))).toBeNull();
    expect(readFlash(withRaw("pas-du-json"))).toBeNull();
    expect(readFlash(withRaw("%E0%A4%A"))).toBeNull();
    expect(readFlash(withRaw(encodeURIComponent("null")))).toBeNull();
    expect(readFlash(withRaw(encodeURIComponent(JSON.stringify({ tone: "success" }))))).toBeNull();
    expect(readFlash(withRaw(encodeURIComponent(JSON.stringify({ tone: "success", text: "" }))))).toBeNull();
    expect(readFlash(withRaw(encodeURIComponent(JSON.stringify({ tone: "success", text: 12 }))))).toBeNull();
  });

  it("is no notice with an unknown tone", () => {
    for (const tone of ["warning", "", null, "SUCCESS"]) {
      expect(readFlash(withRaw(encodeURIComponent(JSON.stringify({ tone, text: "Texte" })))), String(tone)).toBeNull();
    }
  });

  it("adds the cookie to a redirect's other headers, and forgets it once shown", () => {
    const headers = withFlash({ tone: "error", text: "Refusé." }, { "Set-Cookie": "token=jwt; Path=/" });
    expect(headers.getSetCookie()).toEqual(["token=jwt; Path=/", flashCookie({ tone: "error", text: "Refusé." })]);
    expect(CLEAR_FLASH).toMatch(/^flash=; Path=\/; Max-Age=0;/);
  });
});
