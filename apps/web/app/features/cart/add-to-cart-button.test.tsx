import { MSG } from "@shop/shared/core";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api";
import { AddToCartButton } from "./add-to-cart-button";
import { CartActionsProvider } from "./cart-session";

const addToCart = vi.fn<(id: string, variantId?: string) => Promise<string>>();
vi.mock("../../lib/api", async (original) => ({
  ...(await original<typeof import("../../lib/api")>()),
  api: () => ({ addToCart }),
}));

const ID = "00000000-0000-4000-8000-000000000001";

function Where() {
  const location = useLocation();
  return <p>Ici : {location.pathname + location.search}</p>;
}

const VARIANT = "00000000-0000-4000-8000-000000000002";

function renderButton(
  signedIn: boolean,
  refreshCount = vi.fn(async () => {}),
  variant: { variantId?: string; soldOut?: boolean; describedBy?: string } = {},
) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CartActionsProvider value={{ signedIn, refreshCount }}>
          <AddToCartButton productId={ID} productName="iPhone 13" returnTo={`/product/${ID}`} {...variant} />
          <p id="why">Épuisé</p>
        </CartActionsProvider>
      ),
    },
    { path: "/login", Component: Where },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { refreshCount, button: screen.getByRole("button", { name: "Ajouter au panier : iPhone 13" }) };
}

describe("AddToCartButton", () => {
  beforeEach(() => {
    addToCart.mockReset();
    vi.spyOn(toast, "success");
    vi.spyOn(toast, "info");
    vi.spyOn(toast, "error");
  });
  afterEach(() => vi.restoreAllMocks());

  it("sends a visitor to sign in, to come back to the product, without calling the API", async () => {
    const { button } = renderButton(false);
    fireEvent.click(button);
    expect(await screen.findByText(`Ici : /login?redirectTo=/product/${ID}`)).toBeTruthy();
    expect(addToCart).not.toHaveBeenCalled();
  });

  it("adds for a customer: busy and disabled meanwhile, then the server's message and a fresh header count", async () => {
    let answer: (message: string) => void = () => {};
    addToCart.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { button, refreshCount } = renderButton(true);
    fireEvent.click(button);
    expect(addToCart).toHaveBeenCalledWith(ID, undefined);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.textContent).toBe("Ajout…");
    await act(async () => answer(MSG.cartAdded));
    expect(toast.success).toHaveBeenCalledWith(MSG.cartAdded);
    expect(refreshCount).toHaveBeenCalledOnce();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it("says a product already in the cart is there (information), and adds no second line", async () => {
    addToCart.mockRejectedValue(new ApiError(409, MSG.cartAlready));
    const { button, refreshCount } = renderButton(true);
    fireEvent.click(button);
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(MSG.cartAlready));
    expect(toast.error).not.toHaveBeenCalled();
    expect(refreshCount).not.toHaveBeenCalled();
  });

  it("sends the variant chosen on the product page", async () => {
    addToCart.mockResolvedValue(MSG.cartAdded);
    const { button } = renderButton(true, undefined, { variantId: VARIANT });
    fireEvent.click(button);
    expect(addToCart).toHaveBeenCalledWith(ID, VARIANT);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.cartAdded));
  });

  it("is disabled for a sold-out choice, with the reason beside it, and adds nothing", () => {
    const { button } = renderButton(true, undefined, { variantId: VARIANT, soldOut: true, describedBy: "why" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe("why");
    fireEvent.click(button);
    expect(addToCart).not.toHaveBeenCalled();
  });

  it("shows any other refusal as an error with the server's message", async () => {
    addToCart.mockRejectedValue(new ApiError(404, "Produit introuvable."));
    const { button } = renderButton(true);
    fireEvent.click(button);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Produit introuvable."));
  });
});
