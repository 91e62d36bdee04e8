import { CreateReferenceCodeSchema, type CreateReferenceCode } from '@landunits/domain';
import type { FormSchema } from '../../../shared/lib/use-form';

/**
 * The create-code form's text values and how they become a CreateReferenceCodeSchema input. The
 * fields carry the schema's names, so its messages (and the server's) land at the right field.
 * Amounts are typed in cents, as the schema and its messages have them; the form shows each one
 * written out beside it.
 */

export type CodeFieldName = 'code' | 'codeType' | 'isPercent' | 'amount' | 'bonusUnits' | 'minPaymentAmountInCents' | 'maxPaymentAmountInCents' | 'validFrom' | 'validUntil' | 'maxUses';

export type CodeFormValues = Readonly<Record<CodeFieldName, string>>;

export const EMPTY_CODE_FORM: CodeFormValues = {
  code: '',
  codeType: 'DISCOUNT',
  isPercent: 'true',
  amount: '',
  bonusUnits: '',
  minPaymentAmountInCents: '',
  maxPaymentAmountInCents: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
};

/** Digits as a number, '' as null; anything else is left for the schema to refuse. */
const optionalWhole = (text: string): number | null | string => {
  const value = text.trim();
  if (!value) return null;
  return /^\d+$/.test(value) ? Number(value) : value;
};

/** A date input's 'YYYY-MM-DD' as the start of that day, UTC (prices and dates change at 00:00 UTC). */
const dayStart = (text: string): string | null => (text ? `${text}T00:00:00Z` : null);

/** What the form sends: only the terms of the chosen type. */
export function toCreateInput(values: CodeFormValues): Record<string, unknown> {
  const isDiscount = values.codeType !== 'BONUS';
  const isPercent = isDiscount && values.isPercent === 'true';
  return {
    code: values.code.trim(),
    codeType: values.codeType,
    isPercent,
    // An empty amount reads as 0, so the message says what is allowed.
    amount: isDiscount ? values.amount.trim() || '0' : '0',
    bonusUnits: isDiscount ? 0 : (optionalWhole(values.bonusUnits) ?? 0),
    minPaymentAmountInCents: optionalWhole(values.minPaymentAmountInCents),
    maxPaymentAmountInCents: optionalWhole(values.maxPaymentAmountInCents),
    validFrom: dayStart(values.validFrom),
    validUntil: dayStart(values.validUntil),
    maxUses: optionalWhole(values.maxUses),
  };
}

/** The shared schema, read through the form's values. */
export const CodeFormSchema: FormSchema<CreateReferenceCode> = {
  safeParse: (values: unknown) => CreateReferenceCodeSchema.safeParse(toCreateInput(values as CodeFormValues)),
};
