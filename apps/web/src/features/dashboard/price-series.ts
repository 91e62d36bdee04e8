import { MS_PER_DAY, priceOn, utcDate, type Price, type PriceSettings, type UnitType } from '@landunits/domain';

/** One point of the price chart: a UTC day and the Unit price on it. */
export interface PricePoint {
  /** 00:00 UTC of the day, in ms (the chart's x value). */
  time: number;
  /** YYYY-MM-DD. */
  date: string;
  /** The exact 6-place price, for the text alternative. */
  price: Price;
  /** The price as a number, for drawing only (never for money arithmetic). */
  value: number;
}

export interface PriceSeries {
  points: PricePoint[];
  today: PricePoint;
  inOneYear: PricePoint;
  /** A few points for the text alternative: the start, today and every 3 months to one year ahead. */
  milestones: PricePoint[];
}

/** How far back the chart reaches at most, whatever the price epoch. */
const MAX_YEARS_BACK = 5;
const DAYS_AHEAD = 365;

const utcIsoDate = (date: Date) => date.toISOString().slice(0, 10);
const addDaysIso = (isoDate: string, days: number) => utcIsoDate(new Date(utcDate(isoDate).getTime() + days * MS_PER_DAY));

function point(unitType: UnitType, date: string, settings: PriceSettings): PricePoint {
  const day = utcDate(date);
  const price = priceOn(unitType, day, settings);
  return { time: day.getTime(), date, price, value: Number(price) };
}

const daysBetween = (from: string, to: string) => Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / MS_PER_DAY);

/**
 * The price of `unitType` from the price epoch (at most five years back) to one year after today,
 * computed with the domain's priceOn, at most about `maxPoints` points (plus today and the end
 * point, which are always in).
 */
export function priceSeries(unitType: UnitType, settings: PriceSettings, now: Date, maxPoints = 120): PriceSeries {
  const today = utcIsoDate(now);
  const earliest = addDaysIso(today, -MAX_YEARS_BACK * 365);
  let start = settings.priceEpoch < today ? settings.priceEpoch : today;
  if (start < earliest) start = earliest;
  const end = addDaysIso(today, DAYS_AHEAD);
  const span = daysBetween(start, end);
  const step = Math.max(1, Math.ceil(span / maxPoints));

  const dates = new Set<string>();
  for (let offset = 0; offset < span; offset += step) dates.add(addDaysIso(start, offset));
  dates.add(today);
  dates.add(end);
  const points = [...dates].sort().map((date) => point(unitType, date, settings));
  const byDate = new Map(points.map((p) => [p.date, p]));

  const todayPoint = byDate.get(today) ?? point(unitType, today, settings);
  const endPoint = byDate.get(end) ?? point(unitType, end, settings);
  const milestoneDates = [start, today, ...[91, 182, 273].map((days) => addDaysIso(today, days)), end];
  const milestones = [...new Set(milestoneDates)].map((date) => byDate.get(date) ?? point(unitType, date, settings));
  return { points, today: todayPoint, inOneYear: endPoint, milestones };
}
