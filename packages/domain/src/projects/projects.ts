import { z } from 'zod';

/**
 * Land projects (PRODUCT-DECISIONS §11, decision 0028): the land behind the Units, with its area in
 * hectares (an exact decimal, two places), three impact figures, an image and dated status
 * updates. A project is open (running) or finished; admins choose one to show on the public site.
 */

export const PROJECT_STATES = ['open', 'finished'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];
export const PROJECT_STATE_LABELS: Readonly<Record<ProjectState, string>> = { open: 'Running', finished: 'Finished' };

/**
 * The impact figures a project reports: a small fixed set of whole numbers, so they add up and
 * compare across projects. Each is optional (a project may not plant trees).
 */
export const IMPACT_FIGURES = ['co2Tonnes', 'treesPlanted', 'hedgerowMetres'] as const;
export type ImpactFigure = (typeof IMPACT_FIGURES)[number];
export const IMPACT_FIGURE_LABELS: Readonly<Record<ImpactFigure, { label: string; unit: string }>> = {
  co2Tonnes: { label: 'CO\u2082 sequestered', unit: 'tonnes' },
  treesPlanted: { label: 'Trees planted', unit: 'trees' },
  hedgerowMetres: { label: 'Hedgerow added', unit: 'metres' },
};

export const PROJECT_LIMITS = {
  name: 120,
  location: 120,
  description: 4000,
  imageAlt: 250,
  updateText: 2000,
  /** Hectares: at most 9,999,999.99 (numeric(9,2)). */
  hectaresMax: 9_999_999.99,
  figureMax: 1_000_000_000,
} as const;

/** A positive decimal with at most two places, e.g. 40 or 12.5 (never 1e3, never a float). */
export const HECTARES_PATTERN = /^(?:0|[1-9]\d{0,6})(?:\.\d{1,2})?$/;
/** A calendar date, YYYY-MM-DD. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const PROJECT_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Name must be at most ${PROJECT_LIMITS.name} characters`,
  locationRequired: 'Location is required',
  locationMax: `Location must be at most ${PROJECT_LIMITS.location} characters`,
  descriptionRequired: 'Describe the project',
  descriptionMax: `The description must be at most ${PROJECT_LIMITS.description.toLocaleString('en-US')} characters`,
  hectaresInvalid: 'Give the area in hectares, e.g. 40 or 12.5 (at most two decimal places)',
  hectaresPositive: 'The area must be more than 0 hectares',
  figureInvalid: 'Give a whole number of at least 0, or leave it empty',
  imageAltRequired: 'Describe the image for people who cannot see it',
  imageAltMax: `The image description must be at most ${PROJECT_LIMITS.imageAlt} characters`,
  imageUnknown: 'This image was not found. Please upload it again.',
  dateInvalid: 'Give a valid date',
  updateRequired: 'Write what happened',
  updateMax: `The update must be at most ${PROJECT_LIMITS.updateText.toLocaleString('en-US')} characters`,
  notFound: 'This land project was not found.',
  updateNotFound: 'This status update was not found.',
  alreadyFinished: 'This project is already finished.',
  notFinished: 'This project is running already.',
  teaserFinished: 'Only a running project can be shown on the public site.',
  saved: 'Saved.',
  finished: 'The project is marked finished and moved to Closed projects.',
  reopened: 'The project is running again.',
  teaserSet: 'This project is now shown on the public site.',
} as const;

const M = PROJECT_MESSAGES;

const required = (message: string, max: number, maxMessage: string) => z.string({ message }).trim().min(1, message).max(max, maxMessage);

/** A real calendar date (2026-02-30 is refused). */
export const isCalendarDate = (value: string): boolean => {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const figure = z.union([z.number(), z.string().max(20), z.null()], { message: M.figureInvalid }).transform((value, ctx) => {
  if (value === null || value === '') return null;
  const n = typeof value === 'number' ? value : /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 0 || n > PROJECT_LIMITS.figureMax) {
    ctx.addIssue({ code: 'custom', message: M.figureInvalid });
    return z.NEVER;
  }
  return n;
});

export const ImpactFiguresSchema = z.object({ co2Tonnes: figure.default(null), treesPlanted: figure.default(null), hedgerowMetres: figure.default(null) }).strict();
export type ImpactFigures = z.output<typeof ImpactFiguresSchema>;

/** What an admin saves about a project (the form and the API). */
export const ProjectInputSchema = z
  .object({
    name: required(M.nameRequired, PROJECT_LIMITS.name, M.nameMax),
    location: required(M.locationRequired, PROJECT_LIMITS.location, M.locationMax),
    areaHectares: z
      .string({ message: M.hectaresInvalid })
      .trim()
      .regex(HECTARES_PATTERN, M.hectaresInvalid)
      .refine((v) => Number(v) > 0, M.hectaresPositive),
    description: required(M.descriptionRequired, PROJECT_LIMITS.description, M.descriptionMax),
    /** An uploaded site image (its SHA-256), or null to keep the current (or no) image. */
    imageId: z
      .string({ message: M.imageUnknown })
      .regex(/^[a-f0-9]{64}$/, M.imageUnknown)
      .nullable()
      .default(null),
    imageAlt: z.string().trim().max(PROJECT_LIMITS.imageAlt, M.imageAltMax).default(''),
    impact: ImpactFiguresSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.imageId && !value.imageAlt) ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: M.imageAltRequired });
  });
export type ProjectInput = z.output<typeof ProjectInputSchema>;
export type ProjectFormValues = z.input<typeof ProjectInputSchema>;

/** A dated status update (what happened on the land, and when). */
export const ProjectUpdateInputSchema = z
  .object({
    date: z.string({ message: M.dateInvalid }).trim().max(10, M.dateInvalid).refine(isCalendarDate, M.dateInvalid),
    text: required(M.updateRequired, PROJECT_LIMITS.updateText, M.updateMax),
  })
  .strict();
export type ProjectUpdateInput = z.output<typeof ProjectUpdateInputSchema>;

/** Which projects a list shows. */
export const ProjectsQuerySchema = z.object({ state: z.enum(PROJECT_STATES).optional() }).strict();
export type ProjectsQuery = z.output<typeof ProjectsQuerySchema>;

/** "40 ha", "12.5 ha", "1,200 ha": the stored decimal, grouped, trailing zeros dropped. */
export function formatHectares(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = fraction.replace(/0+$/, '');
  return `${grouped}${trimmed ? `.${trimmed}` : ''} ha`;
}

/** "12,000 tonnes" */
export function formatFigure(figureName: ImpactFigure, value: number): string {
  return `${value.toLocaleString('en-US')} ${IMPACT_FIGURE_LABELS[figureName].unit}`;
}
