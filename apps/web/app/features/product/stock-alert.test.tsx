import { FIELD_MSG, MSG } from "@shop/shared/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ActionFunctionArgs, createRoutesStub, data } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { STOCK_ALERT_INTENT, StockAlert, type StockAlertResult } from "./stock-alert";

const VARIANT = "00000000-0000-4000-8000-000000000005";

function renderForm(answer: (form: FormData) => StockAlertResult | ReturnType<typeof data>) {
  const action = vi.fn(async ({ request }: ActionFunctionArgs) => answer(await request.formData()));
  const Stub = createRoutesStub([
    {
      path: "/product/:id",
      Component: () => <StockAlert variantId={VARIANT} name="iPhone 15 — 256 Go, Bleu" />,
      action,
    },
  ]);
  render(<Stub initialEntries={["/product/p1"]} />);
  return { action, phone: screen.getByLabelText("Votre numéro de téléphone") as HTMLInputElement };
}

const send = () => fireEvent.click(screen.getByRole("button", { name: "Prévenez-moi" }));

describe("'Prévenez-moi'", () => {
  it("asks for a number on the phone's keypad, named for the sold-out choice", () => {
    const { phone } = renderForm(() => ({ intent: STOCK_ALERT_INTENT, variantId: VARIANT, ok: true, message: "" }));
    expect(phone.type).toBe("tel");
    expect(phone.inputMode).toBe("tel");
    expect(phone.required).toBe(true);
    expect(screen.getByText(/« iPhone 15 — 256 Go, Bleu » est épuisé/)).toBeTruthy();
  });

  it("sends the variant and the number, then shows the shop's confirmation instead of the form", async () => {
    let sent: Record<string, FormDataEntryValue> = {};
    renderForm((form) => {
      sent = Object.fromEntries(form);
      return { intent: STOCK_ALERT_INTENT, variantId: VARIANT, ok: true, message: MSG.stockAlertSaved };
    });
    fireEvent.change(screen.getByLabelText("Votre numéro de téléphone"), { target: { value: "6 77 12 34 56" } });
    send();
    expect(await screen.findByText(MSG.stockAlertSaved)).toBeTruthy();
    expect(sent).toEqual({ intent: STOCK_ALERT_INTENT, variantId: VARIANT, phone: "6 77 12 34 56" });
    expect(screen.getByRole("status").textContent).toBe(MSG.stockAlertSaved);
    expect(screen.queryByRole("button", { name: "Prévenez-moi" })).toBeNull();
  });

  it("shows the server's refusal (a variant back in stock, too many requests) and keeps the number", async () => {
    renderForm((form) =>
      data(
        {
          intent: STOCK_ALERT_INTENT,
          variantId: VARIANT,
          ok: false,
          message: MSG.stockAlertNotNeeded,
          phone: String(form.get("phone")),
        } satisfies StockAlertResult,
        { status: 409 },
      ),
    );
    fireEvent.change(screen.getByLabelText("Votre numéro de téléphone"), { target: { value: "677123456" } });
    send();
    expect((await screen.findByRole("alert")).textContent).toBe(MSG.stockAlertNotNeeded);
    await waitFor(() =>
      expect((screen.getByLabelText("Votre numéro de téléphone") as HTMLInputElement).value).toBe("677123456"),
    );
  });

  it("puts the API's error on the number under it", async () => {
    renderForm((form) =>
      data(
        {
          intent: STOCK_ALERT_INTENT,
          variantId: VARIANT,
          ok: false,
          message: "Requête invalide.",
          phone: String(form.get("phone")),
          phoneError: FIELD_MSG.phoneInvalid,
        } satisfies StockAlertResult,
        { status: 400 },
      ),
    );
    fireEvent.change(screen.getByLabelText("Votre numéro de téléphone"), { target: { value: "677123456" } });
    send();
    expect(await screen.findByText(FIELD_MSG.phoneInvalid)).toBeTruthy();
    const phone = screen.getByLabelText("Votre numéro de téléphone");
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the answer of a post made without JavaScript", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <StockAlert
            variantId={VARIANT}
            name="iPhone 15 — 256 Go, Bleu"
            answered={{ intent: STOCK_ALERT_INTENT, variantId: VARIANT, ok: true, message: MSG.stockAlertSaved }}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(screen.getByText(MSG.stockAlertSaved)).toBeTruthy();
  });
});
