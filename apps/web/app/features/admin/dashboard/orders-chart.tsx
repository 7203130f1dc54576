import { formatPrice } from "@shop/shared/core";
import { plural } from "../orders/order-format";
import { barsOf, CHART, chartSummary, type DayFigures, dayLabel, ticksOf } from "./chart-scale";

/**
 * Orders per day as bars, drawn in inline SVG (no chart library: a few hundred bytes instead of
 * tens of kilobytes on a phone). The drawing is an image whose name is the summary sentence;
 * every day's figures are in a table for screen readers.
 */
export function OrdersChart({ days }: { days: readonly DayFigures[] }) {
  const { bars, top, y } = barsOf(days);
  const summary = chartSummary(days);
  const plotBottom = CHART.height - CHART.bottom;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={`Commandes par jour. ${summary}`}
        className="h-auto w-full max-w-2xl text-slate-700"
      >
        {ticksOf(top).map((tick) => (
          <g key={tick}>
            <line
              x1={CHART.left}
              x2={CHART.width - CHART.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-200"
            />
            <text x={CHART.left - 6} y={y(tick) + 5} textAnchor="end" fontSize={CHART.fontSize} fill="currentColor">
              {tick}
            </text>
          </g>
        ))}
        {bars.map((bar) => (
          <g key={bar.date}>
            {bar.height > 0 && (
              <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx="2" className="fill-brand">
                <title>{`${dayLabel(bar.date)} : ${plural(bar.orders, "commande")}, ${formatPrice(bar.value)}`}</title>
              </rect>
            )}
            {bar.label && (
              <text
                x={bar.x + bar.width / 2}
                y={plotBottom + CHART.fontSize + 6}
                textAnchor="middle"
                fontSize={CHART.fontSize}
                fill="currentColor"
              >
                {bar.label}
              </text>
            )}
          </g>
        ))}
        <line
          x1={CHART.left}
          x2={CHART.width - CHART.right}
          y1={plotBottom}
          y2={plotBottom}
          className="stroke-slate-500"
        />
      </svg>
      <figcaption className="mt-2 text-sm text-slate-700">{summary}</figcaption>
      {/* A table ignores the 1 px width of sr-only: its box is hidden by a div around it. */}
      <div className="sr-only">
        <table>
          <caption>Commandes par jour, les {days.length} derniers jours</caption>
          <thead>
            <tr>
              <th scope="col">Jour</th>
              <th scope="col">Commandes</th>
              <th scope="col">Valeur</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date)}</th>
                <td>{day.orders}</td>
                <td>{formatPrice(day.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
