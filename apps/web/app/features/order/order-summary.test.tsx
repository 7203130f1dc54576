import { formatPrice } from "@shop/shared/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { anOrder, anOrderLine } from "../../test/builders";
import { OrderSummary } from "./order-summary";

describe("an order's discounts (decision 051)", () => {
  it("names each one, the sale's as already in the prices, and the total the code leaves", () => {
    render(
      <OrderSummary
        order={anOrder({
          lines: [anOrderLine({ productName: "Galaxy A15", unitPrice: 90_000, usualPrice: 100_000, quantity: 2 })],
          totalPrice: 180_000,
          discount: 5_000,
          total: 175_000,
          promotionCode: "RADIOFM94",
          discounts: [
            { promotionId: "s", kind: "sale", name: "Black Friday", code: null, amount: 20_000, deliveryFree: false },
            { promotionId: "c", kind: "code", name: "Radio", code: "RADIOFM94", amount: 5_000, deliveryFree: false },
          ],
        })}
      />,
    );
    expect(screen.getByText("Soldes « Black Friday »").nextSibling?.textContent).toBe(
      `-${formatPrice(20_000)} (déjà déduits des prix)`,
    );
    expect(screen.getByText("Code promo RADIOFM94").nextSibling?.textContent).toBe(`-${formatPrice(5_000)}`);
    expect(screen.getByText("Total à payer").nextSibling?.textContent).toBe(formatPrice(175_000));
  });

  it("shows nothing more without one", () => {
    render(<OrderSummary order={anOrder()} />);
    expect(screen.queryByText(/Code promo|Soldes/)).toBeNull();
  });
});
