import { formatPrice, parseDecimal, rationalToDecimal, UNIT_TYPE_INFO, UNIT_TYPES, type Currency, type PriceSettings, type UnitType, formatDay } from '@landunits/domain';
import { useMemo, useState } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceDot, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { unitTypeLabel } from '../../shared/orders/order-labels';
import { priceSeries, type PricePoint } from './price-series';
import * as dashboardStyles from './dashboard.module.css';

const monthYear = (time: number) => formatDay(new Date(time)).slice(3);

/** Up to ~6 ticks on whole months between the first and last point. */
function monthTicks(points: readonly PricePoint[]): number[] {
  const first = points[0]?.time;
  const last = points.at(-1)?.time;
  if (first === undefined || last === undefined) return [];
  const start = new Date(first);
  const months = (new Date(last).getUTCFullYear() - start.getUTCFullYear()) * 12 + new Date(last).getUTCMonth() - start.getUTCMonth();
  const every = Math.max(1, Math.ceil(months / 6));
  const ticks: number[] = [];
  for (let m = 1; m <= months; m += every) ticks.push(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1));
  return ticks;
}

interface TooltipContentProps {
  active?: boolean;
  payload?: readonly { payload?: PricePoint }[];
  currency: Currency;
}

/** '0.075' → '7.5': the yearly growth as a percentage, from its digits. */
function growthPercent(growthPerYear: string): string {
  const { num, den } = parseDecimal(growthPerYear, 'growth');
  return rationalToDecimal({ num: num * 100n, den }, 4).replace(/\.?0+$/, '');
}

function ChartTooltip({ active, payload, currency }: TooltipContentProps) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className={dashboardStyles.priceChartTooltip}>
      <span>{formatDay(point.date)}</span>
      <strong>{formatPrice(point.price, currency)}</strong>
    </div>
  );
}

export interface PriceChartProps {
  settings: PriceSettings;
  now: Date;
}

/**
 * The price of one Unit over time, computed in the browser with the domain's priceOn from the
 * settings in the dashboard bundle, from the price epoch to one year ahead, today marked. The
 * drawing is decorative for assistive technology: the caption says today's price and the price in
 * one year, and a table (on demand) lists the figures.
 */
export function PriceChart({ settings, now }: PriceChartProps) {
  const [unitType, setUnitType] = useState<UnitType>('LAND_POUND');
  const series = useMemo(() => priceSeries(unitType, settings, now, 90), [unitType, settings, now]);
  const currency = UNIT_TYPE_INFO[unitType].currency;
  const ticks = useMemo(() => monthTicks(series.points), [series.points]);
  const unitName = unitTypeLabel(unitType).replace(/s$/, '');

  return (
    <figure className={dashboardStyles.priceChart}>
      <fieldset className={dashboardStyles.priceChartSwitcher}>
        <legend className={dashboardStyles.priceChartLegend}>Unit type</legend>
        <div className={dashboardStyles.segmented}>
          {UNIT_TYPES.map((type) => (
            <label key={type} className={dashboardStyles.segmentedOption}>
              <input type="radio" name="price-chart-unit-type" value={type} checked={type === unitType} onChange={() => setUnitType(type)} className={dashboardStyles.segmentedInput} />
              <span className={dashboardStyles.segmentedLabel}>{UNIT_TYPE_INFO[type].currency}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <figcaption className={dashboardStyles.priceChartCaption}>
        Price of one {unitName}:{' '}
        <strong>
          {formatPrice(series.today.price, currency)} today, {formatPrice(series.inOneYear.price, currency)} in one year
        </strong>{' '}
        ({formatDay(series.inOneYear.date)}), growing {growthPercent(settings.growthPerYear)}% a year.
      </figcaption>

      <div className={dashboardStyles.priceChartPlot} aria-hidden="true">
        <LineChart responsive width="100%" height="100%" data={series.points} accessibilityLayer={false} margin={{ top: 24, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="time" type="number" scale="time" domain={['dataMin', 'dataMax']} ticks={ticks} tickFormatter={monthYear} />
          <YAxis dataKey="value" domain={['auto', 'auto']} tickFormatter={(value: number) => `${UNIT_TYPE_INFO[unitType].symbol}${value.toFixed(2)}`} width={64} />
          <Tooltip content={<ChartTooltip currency={currency} />} isAnimationActive={false} />
          <ReferenceLine x={series.today.time} className={dashboardStyles.priceChartToday} label={{ value: 'Today', position: 'top', className: dashboardStyles.priceChartTodayLabel }} />
          <Line type="monotone" dataKey="value" className={dashboardStyles.priceChartLine} dot={false} isAnimationActive={false} strokeWidth={2.5} />
          <ReferenceDot x={series.today.time} y={series.today.value} r={5} />
        </LineChart>
      </div>

      <details className={dashboardStyles.priceChartDetails}>
        <summary>Show the prices as a table</summary>
        <table className={dashboardStyles.priceChartTable}>
          <caption className="visually-hidden">Price of one {unitName} by date</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className={dashboardStyles.priceChartNumber}>
                Price per Unit
              </th>
            </tr>
          </thead>
          <tbody>
            {series.milestones.map((point) => (
              <tr key={point.date}>
                <th scope="row">
                  {formatDay(point.date)}
                  {point.date === series.today.date ? ' (today)' : ''}
                </th>
                <td className={dashboardStyles.priceChartNumber}>{formatPrice(point.price, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
