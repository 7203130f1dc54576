import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Session } from "../layout/session";
import { useCartSession } from "./cart-session";

const cartCount = vi.fn<() => Promise<number>>();
vi.mock("../../lib/api", async (original) => ({
  ...(await original<typeof import("../../lib/api")>()),
  api: () => ({ cartCount }),
}));

const session = (cartCount: number): Session => ({
  user: { _id: "00000000-0000-4000-8000-000000000001", name: "Awa", role: "GENERAL", profilePic: "" },
  cartCount,
});

describe("useCartSession", () => {
  it("shows the layout's count, then the refreshed one, until the layout loads a session again", async () => {
    cartCount.mockResolvedValue(4);
    const { result, rerender } = renderHook(({ s }) => useCartSession(s), { initialProps: { s: session(1) } });
    expect(result.current.session?.cartCount).toBe(1);
    expect(result.current.actions.signedIn).toBe(true);
    await act(() => result.current.actions.refreshCount());
    expect(result.current.session?.cartCount).toBe(4);
    rerender({ s: session(0) });
    expect(result.current.session?.cartCount).toBe(0);
  });

  it("a visitor has no session and asks nothing", async () => {
    cartCount.mockClear();
    const { result } = renderHook(() => useCartSession(null));
    await act(() => result.current.actions.refreshCount());
    expect(result.current.session).toBeNull();
    expect(result.current.actions.signedIn).toBe(false);
    expect(cartCount).not.toHaveBeenCalled();
  });
});
