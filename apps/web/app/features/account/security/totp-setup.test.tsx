import { MSG } from "@shop/shared/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render-page";
import type { SecurityResult } from "./security-form";
import { TotpSetupSection } from "./totp-setup";

const QR = "data:image/svg+xml;base64,PHN2Zy8+";
const started: SecurityResult = {
  intent: "totp-start",
  ok: true,
  message: MSG.totpSetupStarted,
  totp: { setupToken: "jeton-scellé", secret: "JBSWY3DPEHPK3PXPJBSWY3DP", qr: QR, name: "", errors: {} },
};

const section = (result?: SecurityResult, hasTotp = false) =>
  renderPage(<TotpSetupSection hasTotp={hasTotp} busy={false} result={result} />, "/security");

describe("TotpSetupSection", () => {
  it("starts with one plain form that asks the server for a set-up", async () => {
    const posted = section();
    expect(screen.queryByRole("img")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Configurer une application d'authentification" }));
    await waitFor(() => expect(posted).toEqual([{ intent: "totp-start" }]));
  });

  it("shows the QR code, the secret in fours and the form of the first code", async () => {
    const posted = section(started);
    expect(screen.getByRole("img", { name: /^QR code à scanner/ }).getAttribute("src")).toBe(QR);
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Configurer une application d'authentification" })).toBeNull();
    // The set-up's heading takes the focus, so the phone shows it.
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: /Scannez ce QR code/ }));

    const code = screen.getByLabelText("Code à 6 chiffres") as HTMLInputElement;
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    expect(code.required).toBe(true);
    fireEvent.change(code, { target: { value: "123 456" } });
    fireEvent.change(screen.getByLabelText("Nom"), { target: { value: "Aegis" } });
    fireEvent.click(screen.getByRole("button", { name: "Activer" }));
    // Everything the set-up needs travels in the form: the same page shows again after a mistake.
    await waitFor(() =>
      expect(posted).toEqual([
        {
          intent: "totp-confirm",
          setupToken: "jeton-scellé",
          secret: "JBSWY3DPEHPK3PXPJBSWY3DP",
          qr: QR,
          code: "123 456",
          name: "Aegis",
        },
      ]),
    );
  });

  it("shows a refused code on its field, focused, with the name typed kept", () => {
    section({
      intent: "totp-confirm",
      ok: false,
      message: MSG.totpCodeWrong,
      totp: { ...started.totp!, name: "Aegis", errors: { code: MSG.totpCodeWrong } },
    });
    const code = screen.getByLabelText("Code à 6 chiffres");
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(code.getAttribute("aria-describedby") ?? "")?.textContent).toBe(MSG.totpCodeWrong);
    expect(document.activeElement).toBe(code);
    expect((screen.getByLabelText("Nom") as HTMLInputElement).value).toBe("Aegis");
    expect(screen.getByRole("img", { name: /^QR code/ })).toBeTruthy();
  });

  it("offers to start again when the set-up expired, saying why", () => {
    section({ intent: "totp-confirm", ok: false, message: MSG.totpSetupExpired });
    expect(screen.getByRole("alert").textContent).toBe(MSG.totpSetupExpired);
    expect(screen.getByRole("button", { name: "Configurer une application d'authentification" })).toBeTruthy();
    expect(screen.queryByLabelText("Code à 6 chiffres")).toBeNull();
  });

  it("leaves the QR code out when the form did not bring it back, the secret still there", () => {
    section({ ...started, totp: { ...started.totp!, qr: "" } });
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP")).toBeTruthy();
  });

  it("says an app is set already, and offers no second one", () => {
    section(undefined, true);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(/Une application d'authentification est enregistrée/)).toBeTruthy();
  });
});
