import { MSG } from "@shop/shared/core";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../components/ui/toast";
import { type ApiAnswer, ok, refused, stubApi } from "../../test/api";
import { AddToCartButton } from "./add-to-cart-button";
import { CartActionsProvider } from "./cart-session";

const ADD = "POST /api/addtocart";
const ID = "00000000-0000-4000-8000-000000000001";

function Where() {
  const location = useLocation();
  return <p>Ici : {location.pathname + location.search}</p>;
}

const VARIANT = "00000000-0000-4000-8000-000000000002";

function renderButton(
  signedIn: boolean,
  refreshCount = vi.fn(async () => {}),
  variant: { variantId?: string; soldOut?: boolean; describedBy?: string; returnTo?: string } = {},
  at = "/",
) {
  const Stub = createRoutesStub([
    { path: "/login", Component: Where },
    {
      path: "*",
      Component: () => (
        <CartActionsProvider value={{ signedIn, refreshCount }}>
          <AddToCartButton productId={ID} productName="iPhone 13" returnTo={`/product/${ID}`} {...variant} />
          <p id="why">Épuisé</p>
        </CartActionsProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={[at]} />);
  return { refreshCount, button: screen.getByRole("button", { name: "Ajouter au panier : iPhone 13" }) };
}

/** What the button's form posts to the cart page before the scripts run. */
function posted(button: HTMLElement) {
  const form = button.closest("form") as HTMLFormElement;
  expect(form.getAttribute("method")).toBe("post");
  expect(form.getAttribute("action")).toBe("/cart");
  expect(button.getAttribute("type")).toBe("submit");
  return Object.fromEntries(new FormData(form));
}

describe("AddToCartButton", () => {
  beforeEach(() => {
    vi.spyOn(toast, "success");
    vi.spyOn(toast, "info");
    vi.spyOn(toast, "error");
  });
  afterEach(() => vi.restoreAllMocks());

  it("sends a visitor to sign in, to come back to the product with it added, without calling the API", async () => {
    const server = stubApi();
    const { button } = renderButton(false);
    fireEvent.click(button);
    expect(await screen.findByText(`Ici : /login?redirectTo=/product/${ID}&add=${ID}`)).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("gives the sign-in page the variant chosen, and where to come back to", async () => {
    const { button } = renderButton(false, undefined, { variantId: VARIANT, returnTo: "/search?q=iphone" });
    fireEvent.click(button);
    expect(
      await screen.findByText(`Ici : /login?redirectTo=/search%3Fq%3Diphone&add=${ID}&variant=${VARIANT}`),
    ).toBeTruthy();
  });

  it("sends a customer whose session has ended to sign in, with the product to add", async () => {
    stubApi({ [ADD]: refused(401, "Veuillez vous connecter.") });
    const { button } = renderButton(true, undefined, { variantId: VARIANT });
    fireEvent.click(button);
    expect(await screen.findByText(`Ici : /login?redirectTo=/product/${ID}&add=${ID}&variant=${VARIANT}`)).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("posts the product to the cart page before the scripts run: on its own page, back there", () => {
    const { button } = renderButton(true, undefined, {}, `/product/${ID}?avis=1`);
    // The product's own page is where the cart page's action comes back to by default.
    expect(posted(button)).toEqual({ intent: "add", productId: ID, back: `/product/${ID}?avis=1` });
  });

  it("posts the variant and the page to come back to from a list", () => {
    const { button } = renderButton(
      true,
      undefined,
      { variantId: VARIANT, returnTo: "/search?q=iphone" },
      "/search?q=iphone",
    );
    expect(posted(button)).toEqual({
      intent: "add",
      productId: ID,
      variantId: VARIANT,
      returnTo: "/search?q=iphone",
      back: "/search?q=iphone",
    });
  });

  it("with scripts, adds through the API instead of posting the form", () => {
    const server = stubApi({ [ADD]: ok(MSG.cartAdded) });
    const { button } = renderButton(true);
    // fireEvent returns false when a handler prevented the default: the form is not posted.
    expect(fireEvent.click(button)).toBe(false);
    expect(server.sent(ADD)).toEqual([{ productId: ID }]);
  });

  it("adds for a customer: busy and disabled meanwhile, then the server's message and a fresh header count", async () => {
    let answer: (added: ApiAnswer) => void = () => {};
    const server = stubApi({ [ADD]: new Promise((resolve) => (answer = resolve)) });
    const { button, refreshCount } = renderButton(true);
    fireEvent.click(button);
    expect(server.sent(ADD)).toEqual([{ productId: ID }]);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.textContent).toBe("Ajout…");
    await act(async () => answer(ok(MSG.cartAdded)));
    expect(toast.success).toHaveBeenCalledWith(MSG.cartAdded);
    expect(refreshCount).toHaveBeenCalledOnce();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it("says a product already in the cart is there (information), and adds no second line", async () => {
    stubApi({ [ADD]: refused(409, MSG.cartAlready) });
    const { button, refreshCount } = renderButton(true);
    fireEvent.click(button);
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(MSG.cartAlready));
    expect(toast.error).not.toHaveBeenCalled();
    expect(refreshCount).not.toHaveBeenCalled();
  });

  it("sends the variant chosen on the product page", async () => {
    const server = stubApi({ [ADD]: ok(MSG.cartAdded) });
    const { button } = renderButton(true, undefined, { variantId: VARIANT });
    fireEvent.click(button);
    expect(server.sent(ADD)).toEqual([{ productId: ID, variantId: VARIANT }]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.cartAdded));
  });

  it("is disabled for a sold-out choice, with the reason beside it, and adds nothing", () => {
    const server = stubApi();
    const { button } = renderButton(true, undefined, { variantId: VARIANT, soldOut: true, describedBy: "why" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe("why");
    fireEvent.click(button);
    expect(server.calls).toEqual([]);
  });

  it("shows any other refusal as an error with the server's message", async () => {
    stubApi({ [ADD]: refused(404, "Produit introuvable.") });
    const { button } = renderButton(true);
    fireEvent.click(button);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Produit introuvable."));
  });
});
