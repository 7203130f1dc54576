import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HERO_SLIDES, HeroCarousel, type HeroSlide } from "./hero-carousel";

function renderCarousel() {
  const Stub = createRoutesStub([{ path: "/", Component: HeroCarousel }]);
  render(<Stub initialEntries={["/"]} />);
}

/** The slide the dots say is shown (1-based). */
const current = () => {
  const dots = screen.getAllByRole("button", { name: /^Diapositive \d$/ });
  return dots.findIndex((d) => d.getAttribute("aria-current") === "true") + 1;
};
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("HeroCarousel", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("has the 4 fixed slides, only the shown one reachable", () => {
    renderCarousel();
    expect(HERO_SLIDES).toHaveLength(4);
    expect(screen.getAllByRole("button", { name: /^Diapositive \d$/ })).toHaveLength(4);
    const slides = screen.getAllByRole("group", { hidden: true });
    expect(slides.filter((s) => s.getAttribute("aria-hidden") === "false")).toHaveLength(1);
    expect(slides.filter((s) => s.hasAttribute("inert"))).toHaveLength(3);
  });

  it("advances every 5 s and wraps after the fourth slide", () => {
    renderCarousel();
    expect(current()).toBe(1);
    advance(4_999);
    expect(current()).toBe(1);
    advance(1);
    expect(current()).toBe(2);
    advance(5_000);
    advance(5_000);
    expect(current()).toBe(4);
    advance(5_000);
    expect(current()).toBe(1);
  });

  it("an arrow jumps and holds the carousel 10 s, then it resumes every 5 s", () => {
    renderCarousel();
    advance(3_000);
    fireEvent.click(screen.getByRole("button", { name: "Diapositive suivante" }));
    expect(current()).toBe(2);
    advance(9_999);
    expect(current()).toBe(2);
    advance(1);
    expect(current()).toBe(3);
    advance(5_000);
    expect(current()).toBe(4);
  });

  it("a dot jumps to its slide; previous wraps backwards", () => {
    renderCarousel();
    fireEvent.click(screen.getByRole("button", { name: "Diapositive 3" }));
    expect(current()).toBe(3);
    fireEvent.click(screen.getByRole("button", { name: "Diapositive précédente" }));
    fireEvent.click(screen.getByRole("button", { name: "Diapositive précédente" }));
    fireEvent.click(screen.getByRole("button", { name: "Diapositive précédente" }));
    expect(current()).toBe(4);
  });

  it("a click on the shown dot restarts the 10 s hold", () => {
    renderCarousel();
    fireEvent.click(screen.getByRole("button", { name: "Diapositive 1" }));
    advance(8_000);
    fireEvent.click(screen.getByRole("button", { name: "Diapositive 1" }));
    advance(8_000);
    expect(current()).toBe(1);
    advance(2_000);
    expect(current()).toBe(2);
  });

  it("the pause button stops it until pressed again", () => {
    renderCarousel();
    const pause = screen.getByRole("button", { name: "Pause" });
    fireEvent.click(pause);
    expect(pause.getAttribute("aria-pressed")).toBe("true");
    advance(60_000);
    expect(current()).toBe(1);
    fireEvent.click(pause);
    advance(5_000);
    expect(current()).toBe(2);
  });

  it("offers no arrows, dots nor pause in the server's HTML, but the first slide and its link", () => {
    const Stub = createRoutesStub([{ path: "/", Component: HeroCarousel }]);
    const html = document.createElement("div");
    html.innerHTML = renderToString(<Stub initialEntries={["/"]} />);
    expect(html.querySelectorAll("button")).toHaveLength(0);
    expect(html.querySelector('[aria-label="Diapositive suivante"]')).toBeNull();
    const first = html.querySelector('[aria-hidden="false"]') as HTMLElement;
    const slide = HERO_SLIDES[0] as HeroSlide;
    expect(first.getAttribute("aria-label")).toBe("1 sur 4");
    expect(first.textContent).toContain(slide.title);
    expect(first.querySelector("a")?.getAttribute("href")).toBe(slide.to);
  });
});
