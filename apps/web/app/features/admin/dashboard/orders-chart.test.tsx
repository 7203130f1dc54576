import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OrdersChart } from "./orders-chart";

const days = [
  { date: "2026-11-20", orders: 0, value: 0 },
  { date: "2026-11-21", orders: 2, value: 700_000 },
  { date: "2026-11-22", orders: 1, value: 350_000 },
];

describe("OrdersChart", () => {
  it("is an image named by its summary, with a bar per day that had orders", () => {
    const { container } = render(<OrdersChart days={days} />);
    const image = screen.getByRole("img");
    expect(image.getAttribute("aria-label")).toBe(
      "Commandes par jour. 3 commandes du 20/11 au 22/11 ; le plus : 2 commandes le 21/11.",
    );
    expect(container.querySelectorAll("rect")).toHaveLength(2);
    expect([...container.querySelectorAll("rect title")].map((t) => t.textContent?.replace(/\s/g, " "))).toEqual([
      "21/11 : 2 commandes, 700 000 FCFA",
      "22/11 : 1 commande, 350 000 FCFA",
    ]);
    // Today is labelled under its bar.
    expect([...container.querySelectorAll("svg text")].map((t) => t.textContent)).toContain("22/11");
  });

  it("gives every day's figures in a table for screen readers", () => {
    render(<OrdersChart days={days} />);
    const table = screen.getByRole("table", { name: "Commandes par jour, les 3 derniers jours" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent?.replace(/\s/g, " ")));
    expect(rows).toEqual([
      ["20/11", "0", "0 FCFA"],
      ["21/11", "2", "700 000 FCFA"],
      ["22/11", "1", "350 000 FCFA"],
    ]);
  });
});
