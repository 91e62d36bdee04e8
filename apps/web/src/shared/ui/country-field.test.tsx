import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountryField, countryNames } from './country-field';

describe('CountryField', () => {
  it('suggests every country by its English name, and no grouping of countries', () => {
    const names = countryNames();
    expect(names).toEqual(expect.arrayContaining(['United Kingdom', 'France', 'Australia', 'United States', 'Côte d’Ivoire']));
    expect(names).not.toContain('European Union');
    expect(names).not.toContain('United Nations');
    expect(names).not.toContain('Unknown Region');
    expect(names.length).toBeGreaterThan(240);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it('is a labelled text field whose suggestions are the list it names', () => {
    render(<CountryField label="Country" hint="Start typing" name="country" defaultValue="" />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    const list = document.getElementById(input.getAttribute('list')!);
    expect(list?.tagName).toBe('DATALIST');
    expect(list?.querySelector('option[value="United Kingdom"]')).not.toBeNull();
    expect(input.getAttribute('autocomplete')).toBe('country-name');
  });
});
