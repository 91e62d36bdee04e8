import { formatMoney, formatUnits, ReferenceCodeSchema, type Currency, type ReferenceCodeDetails, type UnitType, formatDay } from '@landunits/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { Button } from '../../shared/ui/button';
import { fieldClassName, FieldError, FieldHint, useFieldIds } from '../../shared/ui/field-parts';

import { referenceCodeQuery, type ReferenceCodeQuestion } from './orders-api';
import * as styles from './orders.module.css';

/**
 * The reference code of a buy: typed, then checked with the server (Apply, or on the way to the
 * payment page). The server says what the code gives, or why it cannot be used (400 on
 * `errors.referenceCode`); the discount is then previewed with the domain's buyTotal.
 */

/** The code as the server stores it (upper case), or null when it is not a well-formed code. */
export function normalizeCode(text: string): string | null {
  const parsed = ReferenceCodeSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

export type CodeCheck = { kind: 'ok'; details: ReferenceCodeDetails } | { kind: 'refused'; message: string };

/** Asks the server about a code for this purchase. Network trouble is a refusal that says so. */
export async function checkReferenceCode(client: QueryClient, question: ReferenceCodeQuestion): Promise<CodeCheck> {
  try {
    return { kind: 'ok', details: await client.fetchQuery(referenceCodeQuery(question)) };
  } catch (failure) {
    if (isApiError(failure) && failure.status === 400) {
      return { kind: 'refused', message: failure.errors.referenceCode ?? failure.message };
    }
    return { kind: 'refused', message: `We could not check the code (${errorMessage(failure)}). Please try again.` };
  }
}

/** What a code gives, in a sentence: '10 % off the subtotal', '50 bonus Units'. */
export function describeCode(details: ReferenceCodeDetails, currency: Currency): string {
  let gives: string;
  if (details.codeType === 'BONUS') {
    gives = `${formatUnits(details.bonusUnits)} bonus ${details.bonusUnits === 1 ? 'Unit' : 'Units'}, locked for a time after your payment is approved`;
  } else if (details.isPercent) {
    gives = `${details.discountValue || `${details.amount} %`} off the subtotal`;
  } else {
    const cents = /^\d+$/.test(details.amount) ? formatMoney(BigInt(details.amount), currency) : details.discountValue;
    gives = `${cents} off the subtotal`;
  }
  const until = details.validUntil ? ` Valid until ${formatDay(details.validUntil)}.` : '';
  return `${details.code}: ${gives}.${until}`;
}

interface Applied {
  code: string;
  unitType: UnitType;
  subTotal: number | undefined;
  details: ReferenceCodeDetails;
}

/**
 * The code field's state: the details the server gave for the code now typed (null until then),
 * and `ensure`, which checks the code for a purchase unless that exact question was answered.
 */
export function useReferenceCode() {
  const client = useQueryClient();
  const [applied, setApplied] = useState<Applied | null>(null);
  const [checking, setChecking] = useState(false);

  const ensure = async (question: ReferenceCodeQuestion): Promise<CodeCheck> => {
    if (applied && applied.code === question.code && applied.unitType === question.unitType && applied.subTotal === question.subTotal) {
      return { kind: 'ok', details: applied.details };
    }
    setChecking(true);
    try {
      const result = await checkReferenceCode(client, question);
      setApplied(result.kind === 'ok' ? { code: question.code, unitType: question.unitType, subTotal: question.subTotal, details: result.details } : null);
      return result;
    } finally {
      setChecking(false);
    }
  };

  /** The applied details while the typed code is still the applied one. */
  const detailsFor = (typed: string, unitType: UnitType): ReferenceCodeDetails | null => {
    const code = normalizeCode(typed);
    return applied && code === applied.code && unitType === applied.unitType ? applied.details : null;
  };

  return { ensure, detailsFor, checking, clear: () => setApplied(null) };
}

export interface ReferenceCodeFieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  onApply: () => void;
  checking: boolean;
  /** The sentence of the applied code, or null. */
  appliedText: string | null;
}

/** "Reference code" with Apply beside the input; Enter in the field applies the code instead of sending the form. */
export function ReferenceCodeField({ value, error, onChange, onBlur, onApply, checking, appliedText }: ReferenceCodeFieldProps) {
  const hint = 'A code from a partner or an offer: letters, digits and dashes.';
  const { controlId, hintId, errorId, describedBy } = useFieldIds({ hint, error });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onApply();
    }
  };
  return (
    <div className={fieldClassName('field')}>
      <label className={fieldClassName('label')} htmlFor={controlId}>
        Reference code (optional)
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <div className={styles.codeFieldRow}>
        <input
          id={controlId}
          name="referenceCode"
          type="text"
          className={fieldClassName('control', styles.codeFieldInput)}
          value={value}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={32}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={onApply} loading={checking} disabled={!value.trim()}>
          Apply
        </Button>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
      <p className={styles.codeFieldStatus} role="status">
        {appliedText && !error ? appliedText : null}
      </p>
    </div>
  );
}
