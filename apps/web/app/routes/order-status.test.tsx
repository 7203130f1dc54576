import { FIELD_MSG, MSG, PRIVACY_REQUEST_DAYS } from "@shop/shared";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ok, refused, stubApi } from "../test/api";
import { anOrder, anOrderPayment, uuid } from "../test/builders";
import OrderStatusPage, { action, loader } from "./order-status";

const LOOKUP = "POST /api/order-status";
const PAYMENT = "POST /api/orders/CMD-7K4Q/payment";
const REQUEST = "POST /api/privacy-requests";
const ORDER = anOrder({ reference: "CMD-7K4Q", name: "Awa Ngono", phone: "+237677123456" });
const RECEIVED = MSG.privacyRequestReceived("22/12/2026");
const receipt = {
  _id: uuid(7),
  kind: "correction",
  createdAt: "2026-11-22T09:15:00.000Z",
  dueAt: "2026-12-22T09:15:00.000Z",
};

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

/** The page with its real loader and action, the API stood in for at fetch. */
function renderOrderStatus() {
  const Stub = createRoutesStub([
    {
      path: "/order-status",
      Component: OrderStatusPage as never,
      loader: ({ request }) => loader({ request } as never),
      action: ({ request }) => action({ request } as never),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/order-status"]} />);
}

/** The customer finds their order with its reference and the number typed as they type it. */
async function findMyOrder() {
  fireEvent.change(await screen.findByLabelText("Référence de la commande"), { target: { value: "CMD-7K4Q" } });
  fireEvent.change(screen.getByLabelText("Numéro de téléphone"), { target: { value: "6 77 12 34 56" } });
  fireEvent.click(screen.getByRole("button", { name: "Voir ma commande" }));
  await screen.findByRole("heading", { name: "CMD-7K4Q" });
  return screen.getByRole("region", { name: "Vos données personnelles" });
}

const found = () => ({ [LOOKUP]: ok("", ORDER), [PAYMENT]: ok("", anOrderPayment()) });

describe("the order status page: a request about one's data", () => {
  it("is offered only under an order found: the four requests, the days to answer, the order's proof hidden", async () => {
    stubApi(found());
    renderOrderStatus();
    await screen.findByRole("button", { name: "Voir ma commande" });
    expect(screen.queryByRole("region", { name: "Vos données personnelles" })).toBeNull();
    const section = await findMyOrder();
    expect(section.textContent).toContain(`dans les ${PRIVACY_REQUEST_DAYS} jours`);
    expect(
      within(section)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual([
      "Recevoir une copie de mes données",
      "Corriger mes données",
      "Effacer mes données",
      "Ne plus recevoir de promotions ni de rappels",
    ]);
    expect((within(section).getAllByRole("radio")[0] as HTMLInputElement).required).toBe(true);
    expect(within(section).getByLabelText("Précisez (ce qu'il faut corriger, par exemple)").tagName).toBe("TEXTAREA");
    const form = within(section).getByRole("button", { name: "Envoyer la demande" }).closest("form") as HTMLFormElement;
    expect(form.method).toBe("post");
    const hidden = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    expect([hidden("intent"), hidden("reference"), hidden("phone")]).toEqual([
      "privacy-request",
      "CMD-7K4Q",
      "6 77 12 34 56",
    ]);
    // Posted without scripts, the page comes back at the section.
    expect(form.getAttribute("action")).toBe("/order-status#vos-donnees");
  });

  it("sends the request with the order's proof, says the API's words there, and keeps the order on the page", async () => {
    const server = stubApi({ ...found(), [REQUEST]: { status: 201, body: ok(RECEIVED, receipt).body } });
    renderOrderStatus();
    const section = await findMyOrder();
    fireEvent.click(within(section).getByLabelText("Corriger mes données"));
    fireEvent.change(within(section).getByLabelText("Précisez (ce qu'il faut corriger, par exemple)"), {
      target: { value: "Mon nom s'écrit Ngono, pas Ngomo." },
    });
    fireEvent.click(within(section).getByRole("button", { name: "Envoyer la demande" }));
    await vi.waitFor(() => expect(within(section).getByRole("status").textContent).toBe(RECEIVED));
    expect(server.sent(REQUEST)).toEqual([
      {
        reference: "CMD-7K4Q",
        phone: "6 77 12 34 56",
        kind: "correction",
        message: "Mon nom s'écrit Ngono, pas Ngomo.",
      },
    ]);
    // The order stays, looked up again with the same proof; the form is cleared for another request.
    expect(screen.getByRole("heading", { name: "CMD-7K4Q" })).toBeTruthy();
    expect(server.sent(LOOKUP)).toEqual([
      { reference: "CMD-7K4Q", phone: "6 77 12 34 56" },
      { reference: "CMD-7K4Q", phone: "6 77 12 34 56" },
    ]);
    const again = screen.getByRole("region", { name: "Vos données personnelles" });
    expect(
      within(again)
        .getAllByRole("radio")
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says a reference and number that match no order beside the form, what was chosen kept", async () => {
    const server = stubApi({ ...found(), [REQUEST]: refused(404, MSG.privacyRequestNoOrder) });
    renderOrderStatus();
    const section = await findMyOrder();
    // A number changed in the page's HTML: the order's proof is the API's to check.
    const form = within(section).getByRole("button", { name: "Envoyer la demande" }).closest("form") as HTMLFormElement;
    (form.elements.namedItem("phone") as HTMLInputElement).value = "699999999";
    server.answer(LOOKUP, refused(404, MSG.orderNotFound));
    fireEvent.click(within(section).getByLabelText("Effacer mes données"));
    fireEvent.click(within(section).getByRole("button", { name: "Envoyer la demande" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(MSG.privacyRequestNoOrder);
    expect(screen.getByRole("region", { name: "Vos données personnelles" }).contains(alert)).toBe(true);
    expect(server.sent(REQUEST)).toEqual([{ reference: "CMD-7K4Q", phone: "699999999", kind: "erasure", message: "" }]);
    // Said once, in the request's words, not the look-up's.
    expect(screen.queryByText(MSG.orderNotFound)).toBeNull();
    expect((screen.getByLabelText("Effacer mes données") as HTMLInputElement).checked).toBe(true);
  });

  it("puts a refused field's words beside it, the field focused", async () => {
    stubApi({
      ...found(),
      [REQUEST]: refused(400, "Requête invalide.", [
        { path: "body.message", message: FIELD_MSG.privacyRequestMessageTooLong },
      ]),
    });
    renderOrderStatus();
    const section = await findMyOrder();
    fireEvent.click(within(section).getByLabelText("Corriger mes données"));
    fireEvent.click(within(section).getByRole("button", { name: "Envoyer la demande" }));
    const message = await within(screen.getByRole("region", { name: "Vos données personnelles" })).findByLabelText(
      "Précisez (ce qu'il faut corriger, par exemple)",
    );
    await vi.waitFor(() => expect(message.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById("privacy-message-error")?.textContent).toBe(FIELD_MSG.privacyRequestMessageTooLong);
    await vi.waitFor(() => expect(document.activeElement).toBe(message));
  });

  it("keeps the look-up as it was: a wrong number said in the look-up's words, no request offered", async () => {
    stubApi({ [LOOKUP]: refused(404, MSG.orderNotFound) });
    renderOrderStatus();
    fireEvent.change(await screen.findByLabelText("Référence de la commande"), { target: { value: "CMD-7K4Q" } });
    fireEvent.change(screen.getByLabelText("Numéro de téléphone"), { target: { value: "699999999" } });
    fireEvent.click(screen.getByRole("button", { name: "Voir ma commande" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MSG.orderNotFound);
    expect(screen.queryByRole("region", { name: "Vos données personnelles" })).toBeNull();
  });
});
