import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatRating, Rating } from "./rating";

describe("Rating", () => {
  it("says nobody has reviewed the product, and shows no stars, when the average is null", () => {
    render(<Rating rating={{ average: null, count: 0 }} />);
    expect(screen.getByText("Pas encore d'avis sur ce produit.")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByText(/\/5\)/)).toBeNull();
  });

  it("shows the stars, '(n/5)' with a French comma and the number of reviews", () => {
    render(<Rating rating={{ average: 4.3, count: 3 }} />);
    expect(screen.getByRole("img", { name: "Note : 4,3 sur 5" })).toBeTruthy();
    expect(screen.getByText("(4,3/5)")).toBeTruthy();
    expect(screen.getByText("3 avis")).toBeTruthy();
    expect(screen.queryByText("Pas encore d'avis sur ce produit.")).toBeNull();
  });

  it("rounds to one decimal half away from zero, as the server does (4.25 reads 4,3)", () => {
    render(<Rating rating={{ average: 4.25, count: 4 }} />);
    expect(screen.getByText("(4,3/5)")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Note : 4,3 sur 5" })).toBeTruthy();
  });

  it("writes a whole average without decimals", () => {
    render(<Rating rating={{ average: 5, count: 1 }} />);
    expect(screen.getByText("(5/5)")).toBeTruthy();
    expect(screen.getByText("1 avis")).toBeTruthy();
  });

  it("formats like a French reader writes", () => {
    expect([1, 2.5, 3.96, 4.04, 4.35].map(formatRating)).toEqual(["1", "2,5", "4", "4", "4,4"]);
  });
});
