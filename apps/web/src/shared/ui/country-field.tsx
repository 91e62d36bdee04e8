import { useId, useMemo } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** Two-letter region codes that are not a place someone lives or banks in (CLDR groupings and test codes). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

let names: readonly string[] | undefined;

/**
 * Every country's English name, from the browser's own region names (Intl.DisplayNames, CLDR):
 * no list to ship or keep up to date. Asked once, when a form with a country first opens.
 */
export function countryNames(): readonly string[] {
  if (names) return names;
  const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const found = new Set<string>();
  for (const a of LETTERS) {
    for (const b of LETTERS) {
      const code = a + b;
      if (NOT_COUNTRIES.has(code)) continue;
      const name = display.of(code);
      if (name && name !== code) found.add(name);
    }
  }
  names = [...found].sort((x, y) => x.localeCompare(y, 'en'));
  return names;
}

/**
 * A country: a text field that suggests the countries' names as the person types (a native
 * datalist: the keyboard and screen readers know it). Any other wording the rules accept still
 * goes, as the SPEC's country fields are text.
 */
export function CountryField(props: TextFieldProps) {
  const listId = `${useId()}-countries`;
  const options = useMemo(() => countryNames(), []);
  return (
    <>
      <TextField autoComplete="country-name" {...props} list={listId} />
      <datalist id={listId}>
        {options.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
