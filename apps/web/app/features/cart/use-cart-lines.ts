import type { CartLine } from "@shop/shared";
import { useCallback, useRef, useState } from "react";
import { toast } from "../../components/ui/toast";
import { api, errorMessage } from "../../lib/api";

/**
 * The cart's lines and their changes (SPEC.md §4): a change shows only once the server said
 * success, and then the cart is asked again; after a removal the header's count too. Nothing
 * is shown in advance, so a refused change leaves the line as it was, with the server's message.
 * A line's buttons wait while a change of that line is under way.
 */
export function useCartLines(loaded: CartLine[], refreshCount: () => Promise<void>) {
  // A cart asked again after a change holds only for the loader's answer it followed: when the
  // route loads again, its own answer wins.
  const [fresh, setFresh] = useState<{ base: CartLine[]; lines: CartLine[] } | null>(null);
  const lines = fresh?.base === loaded ? fresh.lines : loaded;
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  // Two lines changed together: the cart asked last is the one shown (it holds both changes).
  const asked = useRef(0);

  const mark = (id: string, busy: boolean) =>
    setPending((previous) => {
      const next = new Set(previous);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Asks the server for the cart again; `fallback` is the confirmed change, shown if that fails. */
  const reload = useCallback(
    async (fallback: (current: CartLine[]) => CartLine[]) => {
      const ask = ++asked.current;
      let next: CartLine[];
      try {
        next = await api().viewCart();
      } catch {
        // The change itself was confirmed: show it on the lines as they are.
        setFresh((previous) => ({
          base: loaded,
          lines: fallback(previous?.base === loaded ? previous.lines : loaded),
        }));
        return;
      }
      if (ask === asked.current) setFresh({ base: loaded, lines: next });
    },
    [loaded],
  );

  const change = async (
    id: string,
    send: () => Promise<string>,
    confirmed: (current: CartLine[]) => CartLine[],
    removal: boolean,
  ): Promise<boolean> => {
    mark(id, true);
    try {
      const message = await send();
      await Promise.all([reload(confirmed), removal ? refreshCount() : undefined]);
      if (removal) toast.success(message);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    } finally {
      mark(id, false);
    }
  };

  return {
    lines,
    pending,
    setQuantity: (line: CartLine, quantity: number) =>
      change(
        line._id,
        () => api().updateCartLine(line._id, quantity),
        (current) => current.map((l) => (l._id === line._id ? { ...l, quantity } : l)),
        false,
      ),
    remove: (line: CartLine) =>
      change(
        line._id,
        () => api().deleteCartLine(line._id),
        (current) => current.filter((l) => l._id !== line._id),
        true,
      ),
  };
}
