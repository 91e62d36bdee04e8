import { describe, expect, it } from 'vitest';
import { FAQ_ENTRIES } from './faq';

describe('FAQ_ENTRIES', () => {
  it('answers the ten SPEC §1 topics in the SPEC order', () => {
    expect(FAQ_ENTRIES.map((entry) => entry.question)).toEqual([
      'How do Units increase in price?',
      'How do I sell my Units?',
      'What is a Unit?',
      'What happens if Land Units fails?',
      'How does it work?',
      'Is a Unit land?',
      'How does Land Units earn money?',
      'What is the money from Unit sales used for?',
      'What are the benefits?',
      'What is the Land Units community?',
    ]);
  });

  it('gives each entry a unique URL anchor slug', () => {
    const ids = FAQ_ENTRIES.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(ids).toContain('what-is-a-unit');
  });

  it('is plain text: no markup, no empty paragraphs', () => {
    for (const entry of FAQ_ENTRIES) {
      expect(entry.answer.length).toBeGreaterThan(0);
      for (const text of [entry.question, ...entry.answer]) {
        expect(text.trim()).toBe(text);
        expect(text.length).toBeGreaterThan(0);
        expect(text).not.toMatch(/[<>]|\$\{|undefined|NaN/);
      }
    }
  });

  it('states the figures of PRODUCT-DECISIONS from the default settings', () => {
    const answer = (id: string) => FAQ_ENTRIES.find((entry) => entry.id === id)?.answer.join(' ') ?? '';
    expect(answer('how-do-units-increase-in-price')).toContain('7.5 % a year by default');
    expect(answer('how-do-units-increase-in-price')).toContain('00:00 UTC');
    expect(answer('how-do-i-sell-my-units')).toContain('a fee of 10 Units');
    expect(answer('how-do-i-sell-my-units')).toMatch(/profile verification and your bank verification must both be Approved/);
    expect(answer('how-does-land-units-earn')).toContain('£1.00, $1.00, €1.00 or A$1.00 per purchase');
    expect(answer('how-does-land-units-earn')).toContain('2 % on the land we manage');
    expect(answer('how-does-land-units-earn')).toContain('Transfers are free');
    expect(answer('is-a-unit-land')).toContain('84.74 %');
    expect(answer('what-is-sale-money-used-for')).toContain('buy land that we manage sustainably');
  });

  it('never calls a Unit land ownership and says it is not investment advice where money is discussed', () => {
    expect(FAQ_ENTRIES.filter((entry) => entry.answer.join(' ').includes('not ownership of land')).length).toBeGreaterThanOrEqual(3);
    for (const id of ['how-do-units-increase-in-price', 'what-is-a-unit', 'what-are-the-benefits']) {
      expect(FAQ_ENTRIES.find((entry) => entry.id === id)?.answer.join(' ')).toMatch(/Nothing on this site is investment advice|not investment advice/);
    }
  });
});
