import { CURRENCY_SYMBOLS, formatMoney, utcDate, type Currency, formatDay } from '@landunits/domain';
import { useMemo } from 'react';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import * as dashboardStyles from './dashboard.module.css';

interface ValuePoint {
  /** 00:00 UTC of the day, in ms (the x value). */
  time: number;
  date: string;
  /** Cents, exact, for the text. */
  cents: number;
  /** The same in whole currency units, for drawing only (never for arithmetic). */
  value: number;
}

export interface ValueChartProps {
  /** The value at the end of each day, oldest first, as GET /api/user/portfolio answers it. */
  history: readonly { date: string; value: number }[];
  currency: Currency;
}

function ChartTooltip({ active, payload, currency }: { active?: boolean; payload?: readonly { payload?: ValuePoint }[]; currency: Currency }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className={dashboardStyles.priceChartTooltip}>
      <span>{formatDay(point.date)}</span>
      <strong>{formatMoney(point.cents, currency)}</strong>
    </div>
  );
}

/** About six dates of the range for the text alternative: the first, every so often, and today. */
function milestones(points: readonly ValuePoint[]): ValuePoint[] {
  if (points.length <= 6) return [...points];
  const every = Math.ceil((points.length - 1) / 5);
  const picked = points.filter((_, i) => i % every === 0);
  const last = points.at(-1)!;
  return picked.at(-1) === last ? picked : [...picked, last];
}

/**
 * The person's value at the end of each day of the range (the server's figures), drawn as an area.
 * Decorative for assistive technology: the caption says where it started and where it is today,
 * and a table (on demand) lists the figures.
 */
export function ValueChart({ history, currency }: ValueChartProps) {
  const points = useMemo(() => history.map((p) => ({ time: utcDate(p.date).getTime(), date: p.date, cents: p.value, value: p.value / 100 })), [history]);
  const first = points[0];
  const today = points.at(-1);
  if (!first || !today) return null;
  const symbol = CURRENCY_SYMBOLS[currency];
  return (
    <figure className={dashboardStyles.priceChart}>
      <figcaption className={dashboardStyles.priceChartCaption}>
        {formatMoney(first.cents, currency)} on {formatDay(first.date)}, <strong>{formatMoney(today.cents, currency)} today</strong>.
      </figcaption>
      <div className={`${dashboardStyles.priceChartPlot} ${dashboardStyles.valueChartPlot}`} aria-hidden="true">
        <AreaChart responsive width="100%" height="100%" data={points} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="time" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={(time: number) => formatDay(new Date(time)).slice(0, 6)} minTickGap={32} />
          <YAxis dataKey="value" domain={[0, 'auto']} tickFormatter={(value: number) => `${symbol}${Math.round(value).toLocaleString('en-GB')}`} width={72} />
          <Tooltip content={<ChartTooltip currency={currency} />} isAnimationActive={false} />
          <Area type="stepAfter" dataKey="value" className={dashboardStyles.valueChartArea} isAnimationActive={false} strokeWidth={2.5} />
        </AreaChart>
      </div>
      <details className={dashboardStyles.priceChartDetails}>
        <summary>Show the values as a table</summary>
        <table className={dashboardStyles.priceChartTable}>
          <caption className="visually-hidden">Your value by date</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className={dashboardStyles.priceChartNumber}>
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {milestones(points).map((point) => (
              <tr key={point.date}>
                <th scope="row">
                  {formatDay(point.date)}
                  {point === today ? ' (today)' : ''}
                </th>
                <td className={dashboardStyles.priceChartNumber}>{formatMoney(point.cents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
