import { z } from 'zod';
import { PasskeyAnswerSchema, RecoveryCodeSchema, SECURITY_MESSAGES, TotpCodeSchema } from './security';
import { MAX_DAILY_TRANSFER_UNITS, MAX_STEP_UP_TRANSFER_UNITS, STEP_UP_ACTIONS, STEP_UP_MESSAGES } from './step-up-rules';

export * from './step-up-rules';

/** The step-up's request schemas (decision 0050); its rules and messages are in step-up-rules.ts. */

const StepUpActionSchema = z.enum(STEP_UP_ACTIONS, { message: STEP_UP_MESSAGES.actionRequired });
const PasswordSchema = z.string({ message: SECURITY_MESSAGES.passwordRequired }).min(1, SECURITY_MESSAGES.passwordRequired).max(255, SECURITY_MESSAGES.passwordRequired);

export const StepUpOptionsRequestSchema = z.object({ action: StepUpActionSchema });
export type StepUpOptionsRequest = z.input<typeof StepUpOptionsRequestSchema>;

/** The proof itself: one of the ways the options answered. */
export const StepUpSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ action: StepUpActionSchema, method: z.literal('passkey'), answer: PasskeyAnswerSchema }),
    z.object({ action: StepUpActionSchema, method: z.literal('totp'), code: TotpCodeSchema }),
    z.object({ action: StepUpActionSchema, method: z.literal('recovery'), code: RecoveryCodeSchema }),
    z.object({ action: StepUpActionSchema, method: z.literal('password'), password: PasswordSchema }),
  ],
  { message: 'Choose how to confirm it is you.' },
);
export type StepUpValues = z.input<typeof StepUpSchema>;

/** The person's own safeguards on money moves. */
export const MoneySafeguardsSchema = z.object({
  stepUpTransfersAbove: z
    .number({ message: STEP_UP_MESSAGES.thresholdRequired })
    .int(STEP_UP_MESSAGES.thresholdRequired)
    .min(0, STEP_UP_MESSAGES.thresholdRequired)
    .max(MAX_STEP_UP_TRANSFER_UNITS, STEP_UP_MESSAGES.thresholdTooHigh),
});
export type MoneySafeguardsValues = z.input<typeof MoneySafeguardsSchema>;

/** The daily transfer limit: a number of Units, or null for none. */
export const TransferLimitSchema = z.object({
  units: z
    .number({ message: STEP_UP_MESSAGES.limitRequired })
    .int(STEP_UP_MESSAGES.limitRequired)
    .min(1, STEP_UP_MESSAGES.limitRequired)
    .max(MAX_DAILY_TRANSFER_UNITS, STEP_UP_MESSAGES.limitTooHigh)
    .nullable(),
});
export type TransferLimitValues = z.input<typeof TransferLimitSchema>;

/** The limit in a form, typed as text. */
export const TransferLimitFormSchema = z.object({
  units: z
    .string({ message: STEP_UP_MESSAGES.limitRequired })
    .trim()
    .regex(/^\d{1,9}$/, STEP_UP_MESSAGES.limitRequired)
    .transform(Number)
    .pipe(z.number().min(1, STEP_UP_MESSAGES.limitRequired).max(MAX_DAILY_TRANSFER_UNITS, STEP_UP_MESSAGES.limitTooHigh)),
});

/** The same in a form, where the amount is typed as text. */
export const MoneySafeguardsFormSchema = z.object({
  stepUpTransfersAbove: z
    .string({ message: STEP_UP_MESSAGES.thresholdRequired })
    .trim()
    .regex(/^\d{1,9}$/, STEP_UP_MESSAGES.thresholdRequired)
    .transform(Number)
    .pipe(z.number().max(MAX_STEP_UP_TRANSFER_UNITS, STEP_UP_MESSAGES.thresholdTooHigh)),
});
