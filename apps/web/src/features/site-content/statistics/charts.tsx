import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from '@landunits/domain';
import { Bar as BarShape, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { Bar, GrowthPoint } from './figures';

/**
 * The statistics page's drawings, in a chunk of their own (the chart library is most of its
 * weight). Each chart sits in a box of fixed size given by the page, which names it (role="img",
 * aria-label) and describes it in words; the figures themselves are in the page's tables.
 */

/** One colour per currency, each at least 3:1 against white and told apart by the legend too. */
const CURRENCY_COLOURS: Readonly<Record<Currency, string>> = {
  GBP: '#1f5135',
  USD: '#1c4f8c',
  EUR: '#8a4b00',
  AUD: '#6a4696',
};

const MARGIN = { top: 16, right: 16, bottom: 4, left: 4 };

/** 8473900 → '8.5M', 950 → '950'. Axis ticks only; the tables give the exact figures. */
function compact(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (Math.abs(value) >= 1_000) return `${(value / 1_000).toFixed(0)}k`;
  return String(value);
}

export function GrowthChart({ points }: { points: readonly GrowthPoint[] }) {
  return (
    <LineChart responsive width="100%" height="100%" data={points as GrowthPoint[]} accessibilityLayer={false} margin={MARGIN}>
      <CartesianGrid vertical={false} />
      <XAxis dataKey="year" type="category" />
      <YAxis domain={['auto', 'auto']} width={48} tickFormatter={(value: number) => value.toFixed(2)} />
      <Tooltip isAnimationActive={false} formatter={(value, name) => [`${CURRENCY_SYMBOLS[name as Currency] ?? ''}${Number(value).toFixed(6)}`, String(name)]} />
      <Legend />
      {CURRENCIES.map((currency) => (
        <Line key={currency} type="monotone" dataKey={currency} name={currency} stroke={CURRENCY_COLOURS[currency]} strokeWidth={2.5} dot={{ r: 3 }} isAnimationActive={false} />
      ))}
    </LineChart>
  );
}

export function LandValueChart({ bars }: { bars: readonly Bar[] }) {
  return (
    <BarChart responsive width="100%" height="100%" data={bars as Bar[]} accessibilityLayer={false} margin={MARGIN}>
      <CartesianGrid vertical={false} />
      <XAxis dataKey="label" />
      <YAxis width={48} tickFormatter={compact} />
      <Tooltip isAnimationActive={false} formatter={(value) => [compact(Number(value)), 'Land value']} />
      <BarShape dataKey="value" name="Land value" fill="#1f5135" isAnimationActive={false} radius={[4, 4, 0, 0]} />
    </BarChart>
  );
}

export function ImpactChart({ bars }: { bars: readonly Bar[] }) {
  return (
    <BarChart responsive width="100%" height="100%" layout="vertical" data={bars as Bar[]} accessibilityLayer={false} margin={{ ...MARGIN, right: 24 }}>
      <CartesianGrid horizontal={false} />
      <XAxis type="number" tickFormatter={(value: number) => `${value}%`} />
      <YAxis type="category" dataKey="label" width={120} />
      <Tooltip isAnimationActive={false} formatter={(value) => [`${String(value)}%`, 'Impact']} />
      <BarShape dataKey="value" name="Impact" fill="#0f6661" isAnimationActive={false} radius={[0, 4, 4, 0]} />
    </BarChart>
  );
}
