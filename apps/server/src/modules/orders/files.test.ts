import { describe, expect, it } from "vitest";
import { contentDisposition, safeFileName } from "./files.ts";

describe("order file names", () => {
  it("keep the customer's name, accents included", () => {
    expect(safeFileName("reçu Orange Money.pdf", "pdf")).toBe("reçu Orange Money.pdf");
  });

  it("drop folders, control and reserved characters, and leading dots", () => {
    expect(safeFileName("C:\\Users\\awa\\photo.jpg", "jpg")).toBe("photo.jpg");
    expect(safeFileName("../../etc/passwd", "png")).toBe("passwd");
    expect(safeFileName('a\u0000b\r\n"c"<d>|e?.png', "png")).toBe("abcde.png");
    expect(safeFileName("...htaccess", "png")).toBe("htaccess");
  });

  it('fall back to "commande.<ext>" when nothing is left', () => {
    expect(safeFileName("", "pdf")).toBe("commande.pdf");
    expect(safeFileName(" /.. ", "jpg")).toBe("commande.jpg");
  });

  it("are cut to 120 characters, the extension kept", () => {
    const name = safeFileName(`${"é".repeat(200)}.jpeg`, "jpg");
    expect(Array.from(name)).toHaveLength(120);
    expect(name.endsWith("é.jpeg")).toBe(true);
  });

  it("are offered for download in ASCII and in UTF-8", () => {
    expect(contentDisposition("reçu (1).pdf")).toBe(
      `attachment; filename="recu (1).pdf"; filename*=UTF-8''re%C3%A7u%20%281%29.pdf`,
    );
    expect(contentDisposition('a"b\\c%.png')).toBe(
      `attachment; filename="a_b_c_.png"; filename*=UTF-8''a%22b%5Cc%25.png`,
    );
    expect(contentDisposition("訂單.png")).toMatch(/^attachment; filename="__\.png"; filename\*=UTF-8''%E8/);
  });

  it.each(["image/jpeg", "image/png", "image/webp", "application/pdf"])("open in the tab as %s", (type) => {
    expect(contentDisposition("reçu.pdf", type)).toMatch(/^inline; filename="recu\.pdf"/);
  });

  it("are downloaded when the browser cannot show them (HEIC)", () => {
    expect(contentDisposition("photo.heic", "image/heic")).toMatch(/^attachment; /);
  });
});
