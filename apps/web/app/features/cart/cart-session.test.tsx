import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/api";
import { aSession } from "../../test/builders";
import { useCartSession } from "./cart-session";

const session = (cartCount: number) => aSession({ cartCount });

describe("useCartSession", () => {
  it("shows the layout's count, then the refreshed one, until the layout loads a session again", async () => {
    stubApi({ "GET /api/countAddToCartProduct": ok("", { count: 4 }) });
    const { result, rerender } = renderHook(({ s }) => useCartSession(s), { initialProps: { s: session(1) } });
    expect(result.current.session?.cartCount).toBe(1);
    expect(result.current.actions.signedIn).toBe(true);
    await act(() => result.current.actions.refreshCount());
    expect(result.current.session?.cartCount).toBe(4);
    rerender({ s: session(0) });
    expect(result.current.session?.cartCount).toBe(0);
  });

  it("a visitor has no session and asks nothing", async () => {
    const server = stubApi();
    const { result } = renderHook(() => useCartSession(null));
    await act(() => result.current.actions.refreshCount());
    expect(result.current.session).toBeNull();
    expect(result.current.actions.signedIn).toBe(false);
    expect(server.calls).toEqual([]);
  });
});
