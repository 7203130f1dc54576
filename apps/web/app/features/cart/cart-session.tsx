import { createContext, useCallback, useContext, useMemo, useRef, useState } from "react";
import { api } from "../../lib/api";
import type { Session } from "../layout/session";

/** What a product's 'Ajouter au panier' button needs: is someone signed in, and a way to update the header. */
export interface CartActions {
  signedIn: boolean;
  /** Asks /api/countAddToCartProduct again and shows the answer in the header. */
  refreshCount: () => Promise<void>;
}

// Without the layout (component tests of a card), the visitor is anonymous.
const CartActionsContext = createContext<CartActions>({ signedIn: false, refreshCount: async () => {} });

export const CartActionsProvider = CartActionsContext.Provider;

export const useCartActions = () => useContext(CartActionsContext);

// Apart from the actions, so that a new count re-renders only what shows it, not every card.
const CartCountContext = createContext<number | null>(null);

export const CartCountProvider = CartCountContext.Provider;

/**
 * The signed-in customer's cart count as the header shows it (null for a visitor or outside the
 * layout). The layout's loader data keeps the count of its last load: pages read this instead.
 */
export const useCartCount = () => useContext(CartCountContext);

/**
 * The layout's session with a cart count that can be refreshed on its own (decision 016): adding
 * to the cart asks for the count alone instead of reloading the page's data (on the home page,
 * 17 category calls). A fresher count holds only for the session it was asked for: when the
 * layout loads again (sign-in, sign-out) its own count wins.
 */
export function useCartSession(session: Session | null): { session: Session | null; actions: CartActions } {
  const [fresh, setFresh] = useState<{ base: Session; count: number } | null>(null);
  // Two quick additions: the count asked last is the one shown, whatever order the answers come in.
  const asked = useRef(0);
  const refreshCount = useCallback(async () => {
    if (!session) return;
    const ask = ++asked.current;
    try {
      const count = await api().cartCount();
      if (ask === asked.current) setFresh({ base: session, count });
    } catch {
      // The header keeps the count it had: the change itself was confirmed elsewhere.
    }
  }, [session]);
  const signedIn = session !== null;
  const actions = useMemo(() => ({ signedIn, refreshCount }), [signedIn, refreshCount]);
  const live = useMemo(
    () => (session && fresh?.base === session ? { ...session, cartCount: fresh.count } : session),
    [session, fresh],
  );
  return { session: live, actions };
}
