import { SERVER_ERROR_MESSAGE } from "@shop/shared/core";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "../../components/ui/toast";
import { ApiError, api } from "../../lib/api";
import { loginHref } from "../auth/login-href";
import { CART_INTENTS } from "./cart-intents";
import { useCartActions } from "./cart-session";

/**
 * 'Ajouter au panier' (decision 016). A visitor goes to the sign-in page, which adds the
 * product once they are in and brings them back to `returnTo`; a signed-in customer's product
 * is added by a plain call to the API, so the page's own data is not loaded again, and the
 * header's count alone is refreshed. A sold-out choice cannot be added: the button is
 * disabled, `describedBy` names the words saying why.
 * Until the scripts run, the button posts its form to the cart page's action, which does the
 * same and comes back to this page saying so (decision 027, "The first tap").
 */
export function AddToCartButton({
  productId,
  variantId,
  productName,
  returnTo,
  soldOut = false,
  describedBy,
  compact = false,
  className = "",
}: {
  productId: string;
  /** The variant chosen on the product page (decision 024); a card leaves it to the server. */
  variantId?: string;
  productName: string;
  soldOut?: boolean;
  describedBy?: string;
  /** Where the sign-in page sends a visitor back to: the product's page. */
  returnTo: string;
  /** On a card (160 px wide on a phone, as narrow in the desktop grid): the words alone, on one line. */
  compact?: boolean;
  className?: string;
}) {
  const { signedIn, refreshCount } = useCartActions();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);
  const toLogin = () => navigate(loginHref(returnTo, { productId, variantId }));

  const add = async () => {
    if (!signedIn) {
      toLogin();
      return;
    }
    setBusy(true);
    try {
      toast.success(await api().addToCart(productId, variantId));
      void refreshCount();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toLogin();
      // Already in the cart (or sold out meanwhile): said as information, the cart keeps its lines.
      else if (error instanceof ApiError && error.status === 409) toast.info(error.message);
      else toast.error(error instanceof ApiError ? error.message : SERVER_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" action="/cart" className="contents">
      <input type="hidden" name="intent" value={CART_INTENTS.add} />
      <input type="hidden" name="productId" value={productId} />
      {variantId && <input type="hidden" name="variantId" value={variantId} />}
      {returnTo !== `/product/${productId}` && <input type="hidden" name="returnTo" value={returnTo} />}
      <input type="hidden" name="back" value={pathname + search} />
      <button
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          void add();
        }}
        disabled={busy || soldOut}
        aria-label={`Ajouter au panier : ${productName}`}
        aria-describedby={describedBy}
        className={`inline-flex min-h-10 items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold transition disabled:opacity-70 ${soldOut ? "disabled:cursor-not-allowed" : "disabled:cursor-wait"} ${className}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`size-5 shrink-0 ${busy ? "animate-spin motion-reduce:animate-none" : compact ? "hidden" : ""}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {busy ? (
            <path d="M12 3a9 9 0 1 0 9 9" strokeLinecap="round" />
          ) : (
            <path
              d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M12 10v4M10 12h4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          )}
        </svg>
        {busy ? "Ajout…" : "Ajouter au panier"}
      </button>
    </form>
  );
}
