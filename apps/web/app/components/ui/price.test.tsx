import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Price } from "./price";

describe("Price", () => {
  it("shows the old price struck through and the rounded '% OFF' badge when discounted", () => {
    const { container } = render(<Price price={300_000} sellingPrice={250_000} />);
    // The spaces are the narrow and non-breaking ones of decision 010, kept as they are.
    expect(container.textContent).toContain("250\u202f000\u00a0FCFA");
    expect(container.querySelector("s")?.textContent).toBe("300\u202f000\u00a0FCFA");
    expect(screen.getByText("17% OFF")).toBeTruthy();
  });

  it("shows the selling price alone when there is no discount", () => {
    const { container } = render(<Price price={90_000} sellingPrice={90_000} />);
    expect(container.querySelector("s")).toBeNull();
    expect(screen.queryByText(/OFF/)).toBeNull();
  });
});
