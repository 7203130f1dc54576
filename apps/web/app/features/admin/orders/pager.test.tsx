import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ordersHref } from "./orders-query";
import { Pager } from "./pager";

function renderPager(page: number, total: number) {
  const Stub = createRoutesStub([
    {
      path: "/admin-panel/orders",
      Component: () => (
        <Pager page={page} total={total} pageSize={20} hrefOf={(p) => ordersHref({ status: "payée", page: p })} />
      ),
    },
  ]);
  render(<Stub initialEntries={["/admin-panel/orders"]} />);
}

describe("Pager", () => {
  it("is not there when everything fits on one page", () => {
    renderPager(1, 20);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("offers the next page from the first, keeping the filters", () => {
    renderPager(1, 45);
    expect(screen.getByText("Page 1 sur 3")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Précédent" })).toBeNull();
    expect(screen.getByRole("link", { name: "Suivant" }).getAttribute("href")).toBe(
      "/admin-panel/orders?status=pay%C3%A9e&page=2",
    );
  });

  it("offers both ways in the middle, and only back on the last page", () => {
    renderPager(2, 45);
    expect(screen.getByRole("link", { name: "Précédent" }).getAttribute("href")).toBe(
      "/admin-panel/orders?status=pay%C3%A9e",
    );
    expect(screen.getByRole("link", { name: "Suivant" })).toBeTruthy();
  });
});
