import { describe, expect, it } from "vitest";
import { barsOf, CHART, chartSummary, dayLabel, isLabelled, niceMax, ticksOf } from "./chart-scale";

/** 30 days ending 22/11/2026, with these orders on the given days from the end (0 = today). */
function days(orders: Record<number, number> = {}) {
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 10, 22 - (29 - i))).toISOString().slice(0, 10);
    const count = orders[29 - i] ?? 0;
    return { date, orders: count, value: count * 100_000 };
  });
}

describe("the chart's scale", () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 5],
    [5, 5],
    [6, 10],
    [11, 20],
    [21, 50],
    [120, 200],
  ])("puts %i orders under a top of %i", (max, top) => {
    expect(niceMax(max)).toBe(top);
  });

  it("marks 0, the middle when it is whole, and the top", () => {
    expect(ticksOf(1)).toEqual([0, 1]);
    expect(ticksOf(5)).toEqual([0, 5]);
    expect(ticksOf(10)).toEqual([0, 5, 10]);
    expect(ticksOf(2)).toEqual([0, 1, 2]);
  });

  it("draws the highest day up to the top and an empty day as nothing", () => {
    const { bars, top, y } = barsOf(days({ 0: 4, 3: 2 }));
    expect(top).toBe(5);
    const plotHeight = CHART.height - CHART.top - CHART.bottom;
    const today = bars.at(-1);
    expect(today?.height).toBeCloseTo((4 / 5) * plotHeight);
    expect(today?.y).toBeCloseTo(y(4));
    expect(bars.at(-4)?.height).toBeCloseTo((2 / 5) * plotHeight);
    expect(bars[0]?.height).toBe(0);
    // Every bar in its own slot, inside the drawing.
    for (const [i, bar] of bars.entries()) {
      expect(bar.x).toBeGreaterThanOrEqual(CHART.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(CHART.width - CHART.right);
      if (i > 0) expect(bar.x).toBeGreaterThan((bars[i - 1]?.x ?? 0) + (bars[i - 1]?.width ?? 0));
    }
  });
});

describe("the chart's labels", () => {
  it("writes a day as dd/mm", () => {
    expect(dayLabel("2026-11-02")).toBe("02/11");
  });

  it("labels today and every 7th day before it", () => {
    const labelled = barsOf(days())
      .bars.filter((b) => b.label)
      .map((b) => b.label);
    expect(labelled).toEqual(["25/10", "01/11", "08/11", "15/11", "22/11"]);
    expect(isLabelled(29, 30)).toBe(true);
    expect(isLabelled(28, 30)).toBe(false);
  });

  it("sums the days up in a sentence, or says there was nothing", () => {
    expect(chartSummary(days({ 0: 1, 10: 3, 11: 3 }))).toBe(
      "7 commandes du 24/10 au 22/11 ; le plus : 3 commandes le 11/11.",
    );
    expect(chartSummary(days())).toBe("Aucune commande sur les 30 derniers jours.");
  });
});
