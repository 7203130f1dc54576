import { formatPrice } from "@shop/shared/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReceivedOnline } from "./dashboard-parts";

describe("ReceivedOnline", () => {
  it("gives today's and this month's money received by Mobile Money, numbers for machines too", () => {
    render(<ReceivedOnline received={{ today: 250_000, month: 1_375_500 }} />);
    const figures = [...document.querySelectorAll("dt")].map(
      (dt) => `${dt.textContent}: ${dt.nextSibling?.textContent}`,
    );
    expect(figures).toEqual([`Aujourd'hui: ${formatPrice(250_000)}`, `Ce mois-ci: ${formatPrice(1_375_500)}`]);
    expect(document.querySelector('data[data-figure="online-month"]')?.getAttribute("value")).toBe("1375500");
    expect(screen.getByText(/transferts approuvés/)).toBeTruthy();
  });

  it("says zero as an amount, not as nothing", () => {
    render(<ReceivedOnline received={{ today: 0, month: 0 }} />);
    expect(document.querySelector('data[data-figure="online-today"]')?.textContent).toBe(formatPrice(0));
  });
});
