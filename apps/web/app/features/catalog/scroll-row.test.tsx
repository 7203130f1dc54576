import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ScrollRow } from "./scroll-row";

/** jsdom has no layout: give the list a 400 px window over `width` px of cards. */
function layout(list: HTMLElement, width: number) {
  Object.defineProperty(list, "clientWidth", { configurable: true, value: 400 });
  Object.defineProperty(list, "scrollWidth", { configurable: true, value: width });
  list.scrollBy = ((options: ScrollToOptions) => {
    list.scrollLeft = Math.max(0, Math.min(width - 400, list.scrollLeft + (options.left ?? 0)));
  }) as typeof list.scrollBy;
}

function renderRow(width: number) {
  const view = render(
    <ScrollRow label="SAMSUNG">
      <li>carte</li>
    </ScrollRow>,
  );
  const list = view.container.querySelector("ul") as HTMLElement;
  layout(list, width);
  act(() => {
    window.dispatchEvent(new Event("resize"));
  });
  return list;
}

const left = () => screen.queryByRole("button", { name: "SAMSUNG : défiler vers la gauche" });
const right = () => screen.queryByRole("button", { name: "SAMSUNG : défiler vers la droite" });

describe("ScrollRow", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows no arrow when everything fits (within the 10 px margin)", () => {
    renderRow(409);
    expect(left()).toBeNull();
    expect(right()).toBeNull();
  });

  it("scrolls 300 px per click and checks the arrows again 500 ms later", () => {
    const list = renderRow(1000);
    expect(left()).toBeNull();
    fireEvent.click(right() as HTMLElement);
    expect(list.scrollLeft).toBe(300);
    // Not yet re-checked: the smooth scroll is still under way.
    expect(left()).toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(left()).not.toBeNull();
    expect(right()).not.toBeNull();
    fireEvent.click(right() as HTMLElement);
    act(() => vi.advanceTimersByTime(500));
    // 600 px of 1000: the end is in view, so the right arrow goes.
    expect(list.scrollLeft).toBe(600);
    expect(right()).toBeNull();
    fireEvent.click(left() as HTMLElement);
    act(() => vi.advanceTimersByTime(500));
    expect(list.scrollLeft).toBe(300);
    expect(right()).not.toBeNull();
  });

  it("follows a finger scroll too", () => {
    const list = renderRow(1000);
    list.scrollLeft = 50;
    fireEvent.scroll(list);
    expect(left()).not.toBeNull();
  });
});
