import { ORDER_MESSAGES, type CreateReferenceCode } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useForm, type SubmitHelpers } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { NumberField } from '../../../shared/ui/number-field';
import { TextField } from '../../../shared/ui/text-field';
import { DateField } from '../../../shared/ui/date-field';
import { showToast } from '../../../shared/ui/toast-store';
import { CodeFormSchema, EMPTY_CODE_FORM, type CodeFieldName, type CodeFormValues } from './reference-code-form-values';
import { centsText } from './reference-code-text';
import { REFERENCE_CODES_ROOT, referenceCodesApi } from './reference-codes-api';
import { fieldClassName } from '../../../shared/ui/field-parts';
import * as referenceCodesStyles from './reference-codes.module.css';
import { FormAlert } from '../../../shared/ui/form-alert';

/** 'About 50.00 in the buy's currency' beside an amount typed in cents. */
function centsHint(base: string, value: string): string {
  return /^\d{1,15}$/.test(value) ? `${base} This is ${centsText(Number(value))} in the buy’s currency.` : base;
}

function RadioGroup({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: CodeFieldName;
  value: string;
  options: readonly { value: string; label: string; hint: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className={referenceCodesStyles.codeFormChoices}>
      <legend className={fieldClassName('label')}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={referenceCodesStyles.codeFormChoice}>
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          <span>
            <span className={referenceCodesStyles.codeFormChoiceLabel}>{option.label}</span>
            <span className={referenceCodesStyles.codeFormChoiceHint}>{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The create-code form: checked with the shared CreateReferenceCodeSchema as the admin types (each
 * message at its field), then POSTed. The server's refusals land at the same fields (a taken name
 * at the code); anything else is said above the button.
 */
export function ReferenceCodeForm({ onCreated }: { onCreated: () => void }) {
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  const create = async (data: CreateReferenceCode, { showServerErrors }: SubmitHelpers) => {
    setFailure(null);
    try {
      const { code } = await referenceCodesApi.create(data);
      showToast(`Code ${code.code} created.`, 'success');
      void client.invalidateQueries({ queryKey: REFERENCE_CODES_ROOT });
      onCreated();
    } catch (error) {
      const others = isApiError(error) ? showServerErrors(error.errors) : [];
      const fieldsShown = isApiError(error) && Object.keys(error.errors).length > others.length;
      if (others.length) setFailure(others.join(' '));
      else if (!fieldsShown) setFailure(errorMessage(error));
    }
  };

  const form = useForm<CodeFieldName, CreateReferenceCode>(CodeFormSchema, EMPTY_CODE_FORM, create);
  const values: CodeFormValues = form.values;
  const isBonus = values.codeType === 'BONUS';
  const isPercent = values.isPercent === 'true';
  // Radios hold their value in the form's state through a synthetic change.
  const setChoice = (name: CodeFieldName) => (value: string) => form.field(name).onChange({ target: { value } } as ChangeEvent<HTMLInputElement>);

  return (
    <form {...form.formProps} className={referenceCodesStyles.codeForm} aria-labelledby="code-form-title">
      <h2 id="code-form-title" className={referenceCodesStyles.codeFormTitle}>
        New reference code
      </h2>
      <TextField
        className={referenceCodesStyles.codeFormField}
        {...form.field('code')}
        label="Code"
        hint="3 to 32 letters, digits or dashes. Buyers may type it in any case."
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={40}
      />
      <RadioGroup
        legend="What the code gives"
        name="codeType"
        value={values.codeType}
        onChange={setChoice('codeType')}
        options={[
          { value: 'DISCOUNT', label: 'A discount', hint: 'Off the price of the Units.' },
          { value: 'BONUS', label: 'Bonus Units', hint: 'Extra Units, locked for a while after the payment is approved.' },
        ]}
      />
      {isBonus ? (
        <NumberField
          className={referenceCodesStyles.codeFormField}
          {...form.field('bonusUnits')}
          label="Bonus Units"
          wholeMessage={ORDER_MESSAGES.unitsWhole}
          hint="Whole Units added to each buy with this code."
          maxLength={10}
        />
      ) : (
        <>
          <RadioGroup
            legend="Kind of discount"
            name="isPercent"
            value={values.isPercent}
            onChange={setChoice('isPercent')}
            options={[
              { value: 'true', label: 'A percentage', hint: 'Of the price of the Units.' },
              { value: 'false', label: 'A fixed amount', hint: 'In the buy’s currency.' },
            ]}
          />
          {isPercent ? (
            <NumberField className={referenceCodesStyles.codeFormField} {...form.field('amount')} allowDecimal label="Percentage off" hint="More than 0 and at most 100, e.g. 12.5." maxLength={6} />
          ) : (
            <NumberField
              className={referenceCodesStyles.codeFormField}
              {...form.field('amount')}
              label="Amount off, in cents"
              hint={centsHint('A whole number of cents, e.g. 500.', values.amount)}
              maxLength={12}
            />
          )}
        </>
      )}
      <div className={referenceCodesStyles.codeFormPair}>
        <NumberField
          className={referenceCodesStyles.codeFormField}
          {...form.field('minPaymentAmountInCents')}
          label="Smallest purchase, in cents (optional)"
          hint={centsHint('The price of the Units before any discount and fees.', values.minPaymentAmountInCents)}
          maxLength={15}
        />
        <NumberField
          className={referenceCodesStyles.codeFormField}
          {...form.field('maxPaymentAmountInCents')}
          label="Largest purchase, in cents (optional)"
          hint={centsHint('Leave empty for no upper limit.', values.maxPaymentAmountInCents)}
          maxLength={15}
        />
      </div>
      <div className={referenceCodesStyles.codeFormPair}>
        <DateField className={referenceCodesStyles.codeFormField} {...form.field('validFrom')} label="Starts on (optional)" hint="From 00:00 UTC on this day. Empty: from now." />
        <DateField className={referenceCodesStyles.codeFormField} {...form.field('validUntil')} label="Ends on (optional)" hint="The code stops working at 00:00 UTC on this day." />
      </div>
      <NumberField className={referenceCodesStyles.codeFormField} {...form.field('maxUses')} label="Use limit (optional)" hint="How many buys may use the code. Empty: no limit." maxLength={10} />
      <FormAlert>{failure}</FormAlert>
      <Button type="submit" className={referenceCodesStyles.codeFormSubmit} loading={form.submitting}>
        Create code
      </Button>
    </form>
  );
}
