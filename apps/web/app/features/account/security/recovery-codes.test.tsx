import { MSG } from "@shop/shared/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/render-page";
import { RecoveryCodesPanel, RecoveryCodesSection, recoveryCodesFile } from "./recovery-codes";
import { codesLeftText } from "./security-form";

const CODES = Array.from({ length: 10 }, (_, i) => `7KQ2-M9XP-4TZ${i}`);

describe("RecoveryCodesPanel", () => {
  it("lists the ten codes in order, says to keep them and takes the focus", () => {
    renderPage(<RecoveryCodesPanel codes={CODES} message={MSG.passkeyAdded} />, "/security");
    const heading = screen.getByRole("heading", { level: 2, name: "Vos codes de récupération" });
    expect(document.activeElement).toBe(heading);
    const list = screen.getByRole("list");
    expect(list.tagName).toBe("OL");
    expect(list.className).toContain("font-mono");
    expect([...list.querySelectorAll("li")].map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByText(MSG.passkeyAdded)).toBeTruthy();
    expect(screen.getByText(/ils ne seront plus affichés/)).toBeTruthy();
  });

  it("downloads them as a text file, without scripts", () => {
    renderPage(<RecoveryCodesPanel codes={CODES} message="" />, "/security");
    const link = screen.getByRole("link", { name: /^Télécharger/ });
    expect(link.getAttribute("download")).toBe("codes-de-recuperation.txt");
    const href = link.getAttribute("href") ?? "";
    expect(href).toBe(recoveryCodesFile(CODES));
    const text = decodeURIComponent(href.replace("data:text/plain;charset=utf-8,", ""));
    expect(text.split("\n").filter((line) => CODES.includes(line))).toEqual(CODES);
  });

  it("copies them, one a line, where the browser allows it", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    try {
      renderPage(<RecoveryCodesPanel codes={CODES} message="" />, "/security");
      fireEvent.click(await screen.findByRole("button", { name: "Copier les codes" }));
      await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Codes copiés."));
      expect(writeText).toHaveBeenCalledWith(CODES.join("\n"));
    } finally {
      Reflect.deleteProperty(navigator, "clipboard");
    }
  });

  it("offers no 'Copier' where the browser has no clipboard", () => {
    renderPage(<RecoveryCodesPanel codes={CODES} message="" />, "/security");
    expect(screen.queryByRole("button", { name: /^Copier/ })).toBeNull();
  });
});

describe("RecoveryCodesSection", () => {
  it("says how many are left", () => {
    expect(codesLeftText(10)).toBe("Codes de récupération : 10 restants");
    expect(codesLeftText(1)).toBe("Codes de récupération : 1 restant");
    expect(codesLeftText(0)).toBe("Codes de récupération : aucun restant");
  });

  it("asks before making new ones, and posts the renewal", async () => {
    const posted = renderPage(<RecoveryCodesSection left={3} hasFactor busy={false} result={undefined} />, "/security");
    expect(screen.getByText("Codes de récupération : 3 restants")).toBeTruthy();
    const yes = screen.getByRole("button", { name: "Oui, générer de nouveaux codes" });
    expect(yes.closest("details")?.open).toBe(false);
    expect(yes.closest("details")?.querySelector("summary")?.textContent).toBe("Générer de nouveaux codes");
    fireEvent.click(yes);
    await waitFor(() => expect(posted).toEqual([{ intent: "renew-codes" }]));
  });

  it("offers none before the first factor, saying when they come", () => {
    renderPage(<RecoveryCodesSection left={0} hasFactor={false} busy={false} result={undefined} />, "/security");
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(/premier second facteur/)).toBeTruthy();
  });

  it("says a refused renewal beside it", () => {
    renderPage(
      <RecoveryCodesSection
        left={0}
        hasFactor
        busy={false}
        result={{ intent: "renew-codes", ok: false, message: MSG.recoveryCodesNeedFactor }}
      />,
      "/security",
    );
    expect(screen.getByRole("alert").textContent).toBe(MSG.recoveryCodesNeedFactor);
  });
});
