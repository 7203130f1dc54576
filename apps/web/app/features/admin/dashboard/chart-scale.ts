import type { Dashboard } from "@shop/shared";
import { plural } from "../orders/order-format";

export type DayFigures = Dashboard["perDay"][number];

/** The top of the chart's scale: 1, 2 or 5 times a power of ten, at least the highest day. */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/** The scale's marks: 0, the top, and the middle when it is a whole number of orders. */
export function ticksOf(top: number): number[] {
  return top % 2 === 0 ? [0, top / 2, top] : [0, top];
}

/** "2026-11-22" → "22/11": the shop's day, as the API gives it (no time zone to shift it). */
export const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * Which days carry a label under their bar: today (the last) and every 7th day before it, so
 * the labels stay apart on a phone and the same weekday is labelled each time.
 */
export const isLabelled = (index: number, count: number) => (count - 1 - index) % 7 === 0;

/** The chart in one sentence, for screen readers and as its caption. */
export function chartSummary(days: readonly DayFigures[]): string {
  const total = days.reduce((sum, d) => sum + d.orders, 0);
  if (days.length === 0 || total === 0) return `Aucune commande sur les ${days.length} derniers jours.`;
  const best = days.reduce((a, b) => (b.orders > a.orders ? b : a));
  const first = days[0] as DayFigures;
  const last = days.at(-1) as DayFigures;
  return `${plural(total, "commande")} du ${dayLabel(first.date)} au ${dayLabel(last.date)} ; le plus : ${plural(best.orders, "commande")} le ${dayLabel(best.date)}.`;
}

/**
 * The drawing's box, in SVG units; it is scaled to the screen's width (about 290 px on a 360 px
 * phone, so a 16-unit label reads at 11 px). The right margin leaves room for today's label.
 */
export const CHART = { width: 420, height: 190, left: 30, right: 24, top: 10, bottom: 28, fontSize: 16 } as const;

export interface Bar {
  date: string;
  x: number;
  y: number;
  width: number;
  height: number;
  label: string | null;
  orders: number;
  value: number;
}

/** Where each day's bar goes: one slot per day, its height the day's orders on the nice scale. */
export function barsOf(days: readonly DayFigures[]): { bars: Bar[]; top: number; y: (value: number) => number } {
  const top = niceMax(Math.max(0, ...days.map((d) => d.orders)));
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const y = (value: number) => CHART.top + plotHeight - (value / top) * plotHeight;
  const bars = days.map((day, i) => {
    const height = (day.orders / top) * plotHeight;
    return {
      date: day.date,
      x: CHART.left + i * slot + slot * 0.15,
      y: CHART.top + plotHeight - height,
      width: slot * 0.7,
      height,
      label: isLabelled(i, days.length) ? dayLabel(day.date) : null,
      orders: day.orders,
      value: day.value,
    };
  });
  return { bars, top, y };
}
