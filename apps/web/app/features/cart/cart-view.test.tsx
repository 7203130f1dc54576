import type { CartLine, DeliveryOffer, ShopIdentity } from "@shop/shared";
import { cartWhatsappMessage, formatPrice, MSG } from "@shop/shared/core";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../components/ui/toast";
import { type ApiAnswer, noAnswer, ok, refused, type StubbedApi, stubApi } from "../../test/api";
import {
  aCartLine,
  aDeliveryOffer,
  aDeliveryOption,
  anOrder,
  anOrderLine,
  aProduct,
  aVariant,
  uuid,
} from "../../test/builders";
import { CartActionsProvider } from "./cart-session";
import { CartView } from "./cart-view";

/** The idempotency key each order carries, recorded once however often it is sent (decision 034). */
const ORDER_KEY = expect.stringMatching(/^[0-9a-f]{32}$/);

/** The cart's routes (SPEC.md §7). */
const VIEW = "GET /api/view-card-product";
const UPDATE = "POST /api/update-cart-product";
const DELETE = "POST /api/delete-cart-product";
const ORDER = "POST /api/orders/from-cart";

/** Line n of the cart: `quantity` of product n ("Produit n"), at one price. */
const line = (n: number, quantity: number, sellingPrice: number): CartLine =>
  aCartLine({
    _id: uuid(100 + n),
    quantity,
    productId: aProduct({ _id: uuid(n), productName: `Produit ${n}`, price: sellingPrice, sellingPrice }),
    variant: aVariant({ _id: uuid(200 + n), price: sellingPrice, sellingPrice }),
  });

const shop: ShopIdentity = {
  name: "Boutique Test",
  phone: "237699000000",
  whatsapp: "237677000000",
  email: "contact@boutique.test",
  address: "Maképé, Yaoundé",
  social: {},
};

/** A shop that has not set up delivery yet: ordering works as before delivery existed. */
const NO_OFFER = aDeliveryOffer();

/** What the cart page gives the view after a form posted without scripts. */
type PageProps = Pick<ComponentProps<typeof CartView>, "recorded" | "orderKey" | "refused">;

function cartPage(lines: CartLine[], refreshCount = vi.fn(async () => {}), offer = NO_OFFER, page: PageProps = {}) {
  const Stub = createRoutesStub([
    {
      path: "/cart",
      Component: () => (
        <CartActionsProvider value={{ signedIn: true, refreshCount }}>
          <CartView loaded={lines} shop={shop} delivery={offer} {...page} />
        </CartActionsProvider>
      ),
    },
  ]);
  return <Stub initialEntries={["/cart"]} />;
}

function renderCart(lines: CartLine[], refreshCount = vi.fn(async () => {}), offer = NO_OFFER, page: PageProps = {}) {
  render(cartPage(lines, refreshCount, offer, page));
  return { refreshCount };
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const summary = () => within(screen.getByRole("region", { name: "Sommation" }));

describe("CartView", () => {
  beforeEach(() => {
    vi.spyOn(toast, "success");
    vi.spyOn(toast, "error");
  });
  afterEach(() => vi.restoreAllMocks());

  it("says 'Pas de produits' for an empty cart, with no summary and nothing to order", () => {
    renderCart([]);
    expect(screen.getByText("Pas de produits")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Sommation" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Commander sur WhatsApp" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Commander par téléphone" })).toBeNull();
  });

  it("sums quantities and quantity × selling price in 'Sommation'", () => {
    renderCart([line(1, 2, 250_000), line(2, 1, 95_000)]);
    expect(summary().getByText("Quantité").nextElementSibling?.textContent).toBe("3");
    expect(summary().getByText("Prix Total").nextElementSibling?.textContent).toBe(formatPrice(595_000));
  });

  it("names a line's variant after its product and counts the variant's price", () => {
    const base = line(1, 2, 600_000);
    const chosen: CartLine = {
      ...base,
      variant: { ...base.variant, optionValues: ["256 Go", "Noir"], label: "256 Go, Noir", sellingPrice: 700_000 },
    };
    renderCart([chosen, line(2, 1, 95_000)]);
    expect(screen.getByText("Produit 1 — 256 Go, Noir")).toBeTruthy();
    expect(summary().getByText("Prix Total").nextElementSibling?.textContent).toBe(formatPrice(1_495_000));
  });

  it("minus is disabled at 1 and works from 2; plus adds one", () => {
    renderCart([line(1, 1, 1000), line(2, 2, 1000)]);
    expect(button("Diminuer la quantité de Produit 1").disabled).toBe(true);
    expect(button("Diminuer la quantité de Produit 2").disabled).toBe(false);
    expect(button("Augmenter la quantité de Produit 1").disabled).toBe(false);
  });

  it("shows a change only once the server said success, then the cart as asked again", async () => {
    let confirm: (answer: ApiAnswer) => void = () => {};
    const server = stubApi({
      [UPDATE]: new Promise((resolve) => (confirm = resolve)),
      [VIEW]: ok("", [line(1, 3, 1000)]),
    });
    renderCart([line(1, 2, 1000)]);
    const plus = button("Augmenter la quantité de Produit 1");
    fireEvent.click(plus);
    expect(server.sent(UPDATE)).toEqual([{ _id: uuid(101), quantity: 3 }]);
    // Nothing shown in advance, and the line's buttons wait.
    expect(screen.getByRole("status", { name: "" }).textContent).toBe("2");
    expect(plus.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(plus);
    expect(server.sent(UPDATE)).toHaveLength(1);
    await act(async () => confirm(ok(MSG.cartUpdated)));
    expect(server.sent(VIEW)).toHaveLength(1);
    expect(screen.getByRole("status", { name: "" }).textContent).toBe("3");
    expect(summary().getByText("Prix Total").nextElementSibling?.textContent).toBe(formatPrice(3000));
    expect(plus.getAttribute("aria-disabled")).toBeNull();
  });

  it("keeps the line as it was when the server refuses, with its message", async () => {
    const server = stubApi({ [UPDATE]: refused(400, "Quantité invalide.") });
    renderCart([line(1, 2, 1000)]);
    fireEvent.click(button("Diminuer la quantité de Produit 1"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Quantité invalide."));
    expect(server.sent(VIEW)).toEqual([]);
    expect(screen.getByRole("status", { name: "" }).textContent).toBe("2");
  });

  it("removes a line on success, refreshes the header's count and says so", async () => {
    const server = stubApi({ [DELETE]: ok(MSG.cartDeleted), [VIEW]: ok("", []) });
    const { refreshCount } = renderCart([line(1, 1, 1000)]);
    fireEvent.click(button("Retirer Produit 1 du panier"));
    expect(await screen.findByText("Pas de produits")).toBeTruthy();
    expect(server.sent(DELETE)).toEqual([{ _id: uuid(101) }]);
    expect(refreshCount).toHaveBeenCalledOnce();
    expect(toast.success).toHaveBeenCalledWith(MSG.cartDeleted);
  });

  it("'imprimer' dates the printed summary and opens the print dialog", () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    renderCart([line(1, 1, 1000)]);
    fireEvent.click(button("imprimer"));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByText(/^Récapitulatif de commande du /)).toBeTruthy();
    expect(screen.getByText("Boutique Test")).toBeTruthy();
  });

  it("offers 'imprimer' only once the scripts run: not in the server's HTML", () => {
    const html = document.createElement("div");
    html.innerHTML = renderToString(cartPage([line(1, 1, 1000)]));
    const names = [...html.querySelectorAll("button")].map((b) => b.textContent);
    expect(names).toContain("Commander sur WhatsApp");
    expect(names).not.toContain("imprimer");
  });
});

describe("the cart's HTML forms, posted before the scripts run", () => {
  const PAGE_KEY = "0123456789abcdef0123456789abcdef";
  const fields = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));

  afterEach(() => vi.restoreAllMocks());

  it("orders with the cart's form: intent, the page's key, one submit button per channel", () => {
    renderCart([line(1, 2, 1000)], undefined, NO_OFFER, { orderKey: PAGE_KEY });
    const whatsapp = button("Commander sur WhatsApp");
    const phone = button("Commander par téléphone");
    const form = whatsapp.form as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/cart");
    expect(phone.form).toBe(form);
    expect([whatsapp.type, whatsapp.name, whatsapp.value]).toEqual(["submit", "channel", "whatsapp"]);
    expect([phone.type, phone.name, phone.value]).toEqual(["submit", "channel", "phone"]);
    // The promotion code typed goes with the order (decision 051): empty here.
    expect(fields(form)).toEqual({ intent: "order", idempotencyKey: PAGE_KEY, promoCode: "" });
    // Enter in a delivery field submits with the form's first submit button: a disabled one, so it orders nothing.
    const first = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(first?.disabled).toBe(true);
    expect(first?.value).toBe("");
  });

  it("sends no idempotency key of its own when the page has none", () => {
    renderCart([line(1, 2, 1000)]);
    expect(fields(button("Commander sur WhatsApp").form as HTMLFormElement)).toEqual({
      intent: "order",
      promoCode: "",
    });
  });

  it("gives each line a form of its own, which its −, + and removal submit", () => {
    renderCart([line(1, 2, 1000), line(2, 1, 1000)]);
    const form = document.getElementById(`line-${uuid(101)}`) as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/cart");
    expect(fields(form)).toEqual({ intent: "line", line: uuid(101) });

    const minus = button("Diminuer la quantité de Produit 1");
    const plus = button("Augmenter la quantité de Produit 1");
    const remove = button("Retirer Produit 1 du panier");
    for (const b of [minus, plus, remove]) {
      expect(b.type).toBe("submit");
      expect(b.getAttribute("form")).toBe(`line-${uuid(101)}`);
      expect(b.form).toBe(form);
    }
    expect([minus.name, minus.value]).toEqual(["quantity", "1"]);
    expect([plus.name, plus.value]).toEqual(["quantity", "3"]);
    expect([remove.name, remove.value]).toEqual(["remove", "1"]);
    expect(button("Retirer Produit 2 du panier").form?.id).toBe(`line-${uuid(102)}`);
  });

  it("with scripts, the line's buttons call the API instead of posting their form", () => {
    const server = stubApi({ [UPDATE]: noAnswer() });
    renderCart([line(1, 2, 1000)]);
    // fireEvent returns false when a handler prevented the default: the form is not posted.
    expect(fireEvent.click(button("Augmenter la quantité de Produit 1"))).toBe(false);
    expect(server.sent(UPDATE)).toEqual([{ _id: uuid(101), quantity: 3 }]);
  });
});

describe("ordering from the cart", () => {
  /** The order the shop records from the cart's one line, 2 × Produit 1 at 1 000 FCFA. */
  const order = (reference: string, channel: "whatsapp" | "phone" = "whatsapp") =>
    anOrder({ reference, channel, lines: [anOrderLine({ productName: "Produit 1", quantity: 2, unitPrice: 1000 })] });

  let server: StubbedApi;
  beforeEach(() => {
    server = stubApi();
    vi.spyOn(toast, "error");
  });
  afterEach(() => vi.restoreAllMocks());

  it("opens the tab during the click, records the order, then sends the tab to WhatsApp with the reference", async () => {
    const blank = document.implementation.createHTMLDocument();
    const tab = { document: blank, closed: false, opener: window as unknown, location: { href: "" }, close: vi.fn() };
    let recorded: (answer: ApiAnswer) => void = () => {};
    server.answer(ORDER, new Promise((resolve) => (recorded = resolve)));
    const open = vi.spyOn(window, "open").mockImplementation(() => tab as unknown as Window);
    renderCart([line(1, 2, 1000)]);
    // Without scripts it submits the cart's form; with them, the click does the work here.
    expect(fireEvent.click(button("Commander sur WhatsApp"))).toBe(false);
    // Opened synchronously in the click, before the order is recorded: no pop-up blocker.
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(server.sent(ORDER)).toEqual([{ channel: "whatsapp", idempotencyKey: ORDER_KEY }]);
    expect(tab.location.href).toBe("");
    expect(blank.body.textContent).toBe("Enregistrement de votre commande…");
    await act(async () => recorded(ok(MSG.orderCreated, order("CMD-7K4Q"))));
    expect(tab.opener).toBeNull();
    const url = new URL(tab.location.href);
    expect(url.origin + url.pathname).toBe("https://wa.me/237677000000");
    expect(url.searchParams.get("text")).toBe(
      cartWhatsappMessage("CMD-7K4Q", [{ productName: "Produit 1", quantity: 2, unitPrice: 1000 }]),
    );
    expect(screen.getByText(/Référence de votre commande :/).textContent).toBe(
      "Référence de votre commande : CMD-7K4Q",
    );
    expect(screen.getByText(/la boutique vous confirmera la commande/)).toBeTruthy();
  });

  it("closes the empty tab and shows the server's message when recording fails", async () => {
    const blank = document.implementation.createHTMLDocument();
    const tab = { document: blank, closed: false, opener: null, location: { href: "" }, close: vi.fn() };
    vi.spyOn(window, "open").mockImplementation(() => tab as unknown as Window);
    server.answer(ORDER, refused(400, MSG.cartEmpty));
    renderCart([line(1, 2, 1000)]);
    fireEvent.click(button("Commander sur WhatsApp"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.cartEmpty));
    expect(tab.close).toHaveBeenCalledOnce();
    expect(tab.location.href).toBe("");
    expect(screen.queryByText(/Référence de votre commande/)).toBeNull();
  });

  it("by phone: records the order, then gives the reference and the number to call", async () => {
    server.answer(ORDER, ok(MSG.orderCreated, order("CMD-9XZ2", "phone")));
    renderCart([line(1, 2, 1000)]);
    fireEvent.click(button("Commander par téléphone"));
    expect(await screen.findByText("CMD-9XZ2")).toBeTruthy();
    expect(server.sent(ORDER)).toEqual([{ channel: "phone", idempotencyKey: ORDER_KEY }]);
    expect(screen.getByRole("link", { name: "Appeler" }).getAttribute("href")).toBe("tel:+237699000000");
    expect(screen.getByRole("link", { name: "Commander avec le formulaire" }).getAttribute("href")).toBe("/order");
    // The order can be paid from the phone at once (decision 026).
    expect(screen.getByRole("link", { name: "Payer par Mobile Money (commande CMD-9XZ2)" }).getAttribute("href")).toBe(
      "/pay/CMD-9XZ2?t=jeton-de-paiement",
    );
  });

  it("records with the page's idempotency key, the one its form carries, then draws a new one for the next order", async () => {
    const PAGE_KEY = "0123456789abcdef0123456789abcdef";
    server.answer(ORDER, ok(MSG.orderCreated, order("CMD-9XZ2", "phone")));
    renderCart([line(1, 2, 1000)], undefined, NO_OFFER, { orderKey: PAGE_KEY });
    fireEvent.click(button("Commander par téléphone"));
    // A tap before the scripts ran and one after are the same order for the server.
    expect(server.sent(ORDER)).toEqual([{ channel: "phone", idempotencyKey: PAGE_KEY }]);
    expect(await screen.findByText("CMD-9XZ2")).toBeTruthy();

    fireEvent.click(button("Commander par téléphone"));
    await waitFor(() => expect(server.sent(ORDER)).toHaveLength(2));
    const [, second] = server.sent(ORDER) as { idempotencyKey: string }[];
    expect(second?.idempotencyKey).toEqual(ORDER_KEY);
    expect(second?.idempotencyKey).not.toBe(PAGE_KEY);
  });

  it("shows the reference of an order the cart's form recorded without scripts, at once", () => {
    renderCart([line(1, 2, 1000)], undefined, NO_OFFER, { recorded: order("CMD-4HJ8", "phone") });
    expect(screen.getByText(/Référence de votre commande :/).textContent).toBe(
      "Référence de votre commande : CMD-4HJ8",
    );
    expect(screen.getByRole("link", { name: "Appeler" }).getAttribute("href")).toBe("tel:+237699000000");
    expect(server.sent(ORDER)).toEqual([]);
  });
});

describe("choosing the delivery", () => {
  const zone = (n: number, name: string, fee: number, neighbourhoods: string[]) =>
    aDeliveryOption({ _id: uuid(600 + n), kind: "zone", name, fee, delay: "24 h", neighbourhoods });
  const OFFER: DeliveryOffer = aDeliveryOffer({
    options: [
      zone(1, "Zone 1", 1000, ["Nlongkak", "Elig-Essono"]),
      zone(2, "Zone 2", 1500, ["Bastos", "Essos"]),
      aDeliveryOption({ _id: uuid(610), kind: "pickup", name: "Retrait en boutique", fee: 0, details: "8h-18h" }),
      aDeliveryOption({ _id: uuid(611), kind: "shipping", name: "Expédition hors Yaoundé", fee: null }),
    ],
    freeFrom: 300_000,
    pickupAddress: "Maképé, Yaoundé",
  });
  const recorded = anOrder({
    channel: "phone",
    delivery: {
      kind: "zone",
      name: "Zone 2",
      fee: 1500,
      free: false,
      delay: "24 h",
      neighbourhood: "Bastos",
      city: null,
      landmark: "Pharmacie",
    },
    total: 3500,
  });

  beforeEach(() => {
    localStorage.clear();
  });

  it("asks for a choice before recording anything, then the neighbourhood and a landmark", async () => {
    const server = stubApi();
    renderCart([line(1, 2, 1000)], undefined, OFFER);
    fireEvent.click(button("Commander par téléphone"));
    expect(server.calls).toEqual([]);
    expect(screen.getByText("Choisissez un mode de livraison.")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: /Livraison à domicile/ }));
    fireEvent.click(button("Commander par téléphone"));
    expect(screen.getByText("Indiquez votre quartier.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("combobox", { name: "Quartier" }));
    expect(server.calls).toEqual([]);
  });

  it("shows the neighbourhood's zone, its fee and the total, and records the choice with the order", async () => {
    const server = stubApi({ [ORDER]: ok(MSG.orderCreated, recorded) });
    renderCart([line(1, 2, 1000)], undefined, OFFER);
    const home = screen.getByRole("radio", { name: /Livraison à domicile/ });
    expect(home.closest("label")?.textContent).toContain(
      `De ${formatPrice(1000)} à ${formatPrice(1500)} selon le quartier`,
    );
    fireEvent.click(home);
    // Neighbourhoods in alphabetical order, whatever their zone.
    const select = screen.getByRole("combobox", { name: "Quartier" }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(["", "Bastos", "Elig-Essono", "Essos", "Nlongkak"]);
    fireEvent.change(select, { target: { value: "Bastos" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Point de repère" }), { target: { value: "Pharmacie" } });
    expect(summary().getByText("Livraison (Zone 2)").nextElementSibling?.textContent).toBe(formatPrice(1500));
    expect(summary().getByText("Total à payer").nextElementSibling?.textContent).toBe(formatPrice(3500));
    fireEvent.click(button("Commander par téléphone"));
    expect(server.sent(ORDER)).toEqual([
      {
        channel: "phone",
        deliveryOptionId: "zone",
        neighbourhood: "Bastos",
        landmark: "Pharmacie",
        idempotencyKey: ORDER_KEY,
      },
    ]);
    expect(await screen.findByText(/Total à payer :/)).toBeTruthy();
    // Remembered on the phone for the next order.
    expect(JSON.parse(localStorage.getItem("shop.livraison") ?? "{}")).toMatchObject({ neighbourhood: "Bastos" });
  });

  it("shows the delivery as sent and the field's error when the form posted without scripts was refused", () => {
    renderCart([line(1, 2, 1000)], undefined, OFFER, {
      refused: {
        delivery: { mode: "zone", neighbourhood: "", city: "", landmark: "Pharmacie" },
        deliveryErrors: { neighbourhood: "Indiquez votre quartier." },
        message: "Vérifiez la livraison.",
      },
    });
    expect((screen.getByRole("radio", { name: /Livraison à domicile/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("textbox", { name: "Point de repère" }) as HTMLInputElement).value).toBe("Pharmacie");
    const select = screen.getByRole("combobox", { name: "Quartier" });
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Indiquez votre quartier.").id).toBe(
      select.getAttribute("aria-describedby")?.split(" ")[1],
    );
    // The field says it: no banner besides.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("Vérifiez la livraison.")).toBeNull();
  });

  it("says why the form posted without scripts was refused in a banner when no field says it", () => {
    renderCart([line(1, 2, 1000)], undefined, OFFER, {
      refused: {
        delivery: { mode: "zone", neighbourhood: "Bastos", city: "", landmark: "Pharmacie" },
        deliveryErrors: {},
        message: MSG.cartEmpty,
      },
    });
    expect(screen.getByRole("alert").textContent).toBe(MSG.cartEmpty);
    expect(summary().getByText("Livraison (Zone 2)").nextElementSibling?.textContent).toBe(formatPrice(1500));
  });

  it("keeps a pickup or a shipping the refused form carried, as sent", () => {
    renderCart([line(1, 2, 1000)], undefined, OFFER, {
      refused: {
        delivery: { mode: uuid(611), neighbourhood: "", city: "Douala", landmark: "" },
        deliveryErrors: {},
        message: MSG.cartEmpty,
      },
    });
    expect((screen.getByRole("radio", { name: /Expédition hors Yaoundé/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("textbox", { name: "Ville" }) as HTMLInputElement).value).toBe("Douala");
    expect(summary().getByText("Total hors livraison").nextElementSibling?.textContent).toBe(formatPrice(2000));
  });

  it("offers free delivery from the amount, a free pickup with the shop's address, and shipping to confirm", () => {
    renderCart([line(1, 1, 300_000)], undefined, OFFER);
    expect(screen.getByText(/^Livraison offerte à Yaoundé dès/).textContent).toBe(
      `Livraison offerte à Yaoundé dès ${formatPrice(300_000)} d'achat.`,
    );
    fireEvent.click(screen.getByRole("radio", { name: /Livraison à domicile/ }));
    fireEvent.change(screen.getByRole("combobox", { name: "Quartier" }), { target: { value: "Essos" } });
    expect(summary().getByText("Livraison (Zone 2)").nextElementSibling?.textContent).toBe("offerte");
    const pickup = screen.getByRole("radio", { name: /Retrait en boutique/ });
    expect(pickup.closest("label")?.textContent).toContain("Maképé, Yaoundé");
    fireEvent.click(pickup);
    expect(screen.queryByRole("textbox", { name: "Point de repère" })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /Expédition hors Yaoundé/ }));
    expect(summary().getByText("Total hors livraison").nextElementSibling?.textContent).toBe(formatPrice(300_000));
    fireEvent.click(button("Commander par téléphone"));
    expect(screen.getByText("Indiquez votre ville.")).toBeTruthy();
  });
});
