import { z } from 'zod';
import { parseDecimal, rationalToDecimal, type Rational } from '../money/decimal';

/**
 * "Your share" of what the land projects report (decision 0065): the holder's share of the land
 * (their Units' value today over the value of the land, the same share the impact certificate
 * states) times each project-wide figure: tonnes of CO₂, trees, metres of hedgerow and hectares,
 * summed over the land projects. Exact fractions throughout; each figure is rounded once, for
 * people to read:
 * - tonnes, metres and hectares: two significant digits below 1 (0.047, 0.5), one decimal below
 *   100 (3.4, 12), whole numbers from 100 (1,204); a share below 0.01 reads "less than 0.01",
 *   never 0;
 * - trees: whole numbers (half-up); below one tree, "less than 1".
 * A figure no project reports (or that adds up to 0) is left out.
 */

export const PROJECT_SHARE_FIGURES = ['co2Tonnes', 'treesPlanted', 'hedgerowMetres', 'areaHectares'] as const;
export type ProjectShareFigure = (typeof PROJECT_SHARE_FIGURES)[number];

interface FigureWords {
  /** What the dashboard lists it as. */
  label: string;
  one: string;
  many: string;
  /** What follows the amount in a sentence: "1.2 tonnes of CO₂ sequestered". */
  after: string;
  /** Counted in whole things (trees) rather than measured. */
  whole: boolean;
}

export const PROJECT_SHARE_WORDS: Readonly<Record<ProjectShareFigure, FigureWords>> = {
  co2Tonnes: { label: 'CO\u2082 sequestered', one: 'tonne', many: 'tonnes', after: 'of CO\u2082 sequestered', whole: false },
  treesPlanted: { label: 'Trees planted', one: 'tree', many: 'trees', after: 'planted', whole: true },
  hedgerowMetres: { label: 'Hedgerow', one: 'metre', many: 'metres', after: 'of hedgerow', whole: false },
  areaHectares: { label: 'Land', one: 'hectare', many: 'hectares', after: 'of land', whole: false },
};

/** The land projects' figures added up (exact decimals as PostgreSQL sums them; null where no project reports one). */
export interface LandProjectTotals {
  /** How many land projects the totals are from (running and finished). */
  projects: number;
  areaHectares: string | null;
  co2Tonnes: string | null;
  treesPlanted: string | null;
  hedgerowMetres: string | null;
}

export interface ProjectShare {
  key: ProjectShareFigure;
  label: string;
  /** Your share, rounded for reading, with its unit: "1.2 tonnes", "less than 0.01 hectares", "12 trees". */
  amount: string;
  /** The same as a phrase: "1.2 tonnes of CO₂ sequestered". */
  text: string;
  /** The land projects' total: "5,510 tonnes". */
  total: string;
  /** Your share, exact. */
  yours: Rational;
}

export interface ShareOfProjects {
  projects: number;
  figures: ProjectShare[];
}

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A decimal string with its trailing zeros (and a bare point) dropped, grouped: "1204.50" → "1,204.5". */
function tidy(decimal: string): string {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const kept = fraction.replace(/0+$/, '');
  return `${group(whole)}${kept ? `.${kept}` : ''}`;
}

const lessThan = (a: Rational, b: Rational): boolean => a.num * b.den < b.num * a.den;
const ONE: Rational = { num: 1n, den: 1n };
const HUNDRED: Rational = { num: 100n, den: 1n };
const TENTH: Rational = { num: 1n, den: 10n };
const HUNDREDTH: Rational = { num: 1n, den: 100n };

/**
 * A non-negative exact amount as people read it (see the rules above): the number only, e.g.
 * "0.047", "3.4", "1,204", "less than 0.01"; `whole` for things counted (trees).
 */
export function shareAmountNumber(value: Rational, whole: boolean): string {
  if (value.num === 0n) return '0';
  if (whole) return lessThan(value, ONE) ? 'less than 1' : group(rationalToDecimal(value, 0));
  if (lessThan(value, HUNDREDTH)) return 'less than 0.01';
  if (lessThan(value, TENTH)) return tidy(rationalToDecimal(value, 3));
  if (lessThan(value, ONE)) return tidy(rationalToDecimal(value, 2));
  if (lessThan(value, HUNDRED)) return tidy(rationalToDecimal(value, 1));
  return group(rationalToDecimal(value, 0));
}

/** "1.2 tonnes", "1 tonne", "less than 1 tree". */
export function shareAmountText(key: ProjectShareFigure, value: Rational): string {
  const words = PROJECT_SHARE_WORDS[key];
  const number = shareAmountNumber(value, words.whole);
  return `${number} ${number === '1' || number === 'less than 1' ? words.one : words.many}`;
}

const reduce = (value: Rational): Rational => {
  let [a, b] = [value.num, value.den];
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? { num: 0n, den: 1n } : { num: value.num / a, den: value.den / a };
};

/**
 * Your share of each figure the land projects report: `landShare` (your Units' value today over
 * the value of the land, exact) × the projects' total, in PROJECT_SHARE_FIGURES' order.
 */
export function shareOfProjects(landShare: Rational, totals: LandProjectTotals): ShareOfProjects {
  const figures = PROJECT_SHARE_FIGURES.flatMap((key): ProjectShare[] => {
    const reported = totals[key];
    if (reported === null) return [];
    const total = parseDecimal(reported, key);
    if (total.num === 0n) return [];
    const yours = reduce({ num: landShare.num * total.num, den: landShare.den * total.den });
    const words = PROJECT_SHARE_WORDS[key];
    const amount = shareAmountText(key, yours);
    const totalNumber = tidy(rationalToDecimal(total, 2));
    return [{ key, label: words.label, amount, text: `${amount} ${words.after}`, total: `${totalNumber} ${totalNumber === '1' ? words.one : words.many}`, yours }];
  });
  return { projects: totals.projects, figures };
}

/** Your share of one figure, as the API sends it (no exact fraction). */
export const ProjectShareSchema = /* @__PURE__ */ z.object({
  key: z.enum(PROJECT_SHARE_FIGURES),
  label: z.string().max(100),
  amount: z.string().max(40),
  text: z.string().max(200),
  total: z.string().max(60),
});

export const ShareOfProjectsSchema = /* @__PURE__ */ z.object({
  /** How many land projects the totals are from; 0 means there are none yet (and no figures). */
  projects: z.number().int().min(0),
  figures: z.array(ProjectShareSchema).max(PROJECT_SHARE_FIGURES.length),
});
export type ShareOfProjectsView = z.output<typeof ShareOfProjectsSchema>;

/** The API's view of `shareOfProjects` (the exact fractions left out). */
export const shareOfProjectsView = (share: ShareOfProjects): ShareOfProjectsView => ({
  projects: share.projects,
  figures: share.figures.map(({ key, label, amount, text, total }) => ({ key, label, amount, text, total })),
});

/** How the figures are worked out, in plain words, for the page the dashboard links to. */
export const PROJECT_SHARE_METHOD = {
  /** Where the dashboard's "How we work this out" leads. */
  path: '/statistics#your-share-method',
  anchor: 'your-share-method',
  title: 'How we work out your share',
  steps: [
    'Your share of the land is what your Units are worth today divided by the value of the land behind them, worked out separately for each currency you hold and then added up.',
    'Each land project reports what it has done: tonnes of CO\u2082 sequestered, trees planted, metres of hedgerow and its area in hectares. We add these up over all the land projects, running and finished.',
    'Your share of each figure is your share of the land multiplied by that total. For example, if your Units are worth 0.01 % of the land and the projects have sequestered 5,000 tonnes of CO\u2082, your share is 0.5 tonnes.',
    'We round only at the end: two significant figures below 1, one decimal place below 100, whole numbers above, and whole trees. A share smaller than 0.01 is shown as \u201cless than 0.01\u201d rather than 0.',
  ],
  note: 'These are your proportional share of what the land projects report, not a separate offset or credit that is yours alone. The figures change as the price of Units, the value of the land and the projects\u2019 reports change.',
} as const;
