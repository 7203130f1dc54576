import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { aCardProduct, uuid } from "../../test/builders";
import { stubIntersectionObserver } from "../../test/intersection-observer";
import type { CategorySectionData, SectionKind } from "../catalog/category-section";
import { LazyCategorySection, NEAR_MARGIN } from "./lazy-section";

let viewport: ReturnType<typeof stubIntersectionObserver>;
/** The visitor scrolls the section near the screen. */
const near = () => viewport.near();

const card = (n: number) =>
  aCardProduct({ _id: uuid(n), productName: `Produit ${n}`, image: `/uploads/images/${uuid(n)}/400.webp` });

function renderSection(load: (category: string, kind: SectionKind) => Promise<CategorySectionData>) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <LazyCategorySection category="SAMSUNG" kind="paged" index={3} load={load} />,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("a home section loaded on demand", () => {
  beforeEach(() => {
    viewport = stubIntersectionObserver();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows its heading, 'Voir tout' and 6 skeletons, and asks nothing before the visitor comes near", async () => {
    const load = vi.fn(() => new Promise<CategorySectionData>(() => {}));
    renderSection(load);
    const section = await screen.findByRole("region", { name: "SAMSUNG" });
    expect(section.getAttribute("aria-busy")).toBe("true");
    expect(section.querySelectorAll("li")).toHaveLength(6);
    expect(screen.getByRole("link", { name: "Voir tout: SAMSUNG" })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(viewport.observers[0]?.options?.rootMargin).toBe(NEAR_MARGIN);
  });

  it("loads its products once near, then shows them as the server would, with their lazy pictures", async () => {
    const load = vi.fn(async () => ({
      category: "SAMSUNG",
      kind: "paged" as const,
      products: [card(1), card(2)],
      total: 2,
    }));
    renderSection(load);
    await screen.findByRole("region", { name: "SAMSUNG" });
    near();
    expect(await screen.findByText("Produit 2")).toBeTruthy();
    expect(load).toHaveBeenCalledWith("SAMSUNG", "paged");
    expect(load).toHaveBeenCalledTimes(1);
    const pictures = screen.getAllByRole("img");
    expect(pictures.map((img) => img.getAttribute("loading"))).toEqual(["lazy", "lazy"]);
    expect(pictures.some((img) => img.getAttribute("fetchpriority"))).toBe(false);
  });

  it("offers 'Réessayer' after a failed call, and asks again", async () => {
    const load = vi
      .fn<(category: string, kind: SectionKind) => Promise<CategorySectionData>>()
      .mockRejectedValueOnce(new Error("réseau"))
      .mockResolvedValueOnce({ category: "SAMSUNG", kind: "paged", products: [card(3)], total: 1 });
    renderSection(load);
    await screen.findByRole("region", { name: "SAMSUNG" });
    near();
    expect((await screen.findByRole("alert")).textContent).toContain("Impossible de charger ces produits.");
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByText("Produit 3")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
