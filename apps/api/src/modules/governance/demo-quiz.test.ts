import { FAQ_ENTRIES, QuizInputSchema } from '@landunits/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_QUIZ } from './seed';

/**
 * The demo quiz against the site's own terms. The FAQ's "Is a Unit land?" answer (the same
 * statement as the terms and the home page) says a Unit is not ownership of land and gives no title
 * to, or right to use, any land. A right answer that calls a Unit land, a part of it or a title to
 * it contradicts that, however it is worded; so does a right answer that is not among the things
 * the FAQ says a Unit is.
 */

const termsStatement = FAQ_ENTRIES.find((entry) => entry.id === 'is-a-unit-land')?.answer.join(' ') ?? '';

// The brand name holds the word "land": it says nothing about what a Unit is.
const withoutBrand = (text: string) => text.replace(/\bLand Units?\b/g, 'the company');
const LAND = /\b(land|plots?|fields?|forests?|acres?|hectares?|parcels?|buildings?|ground|soil|estate)\b/i;
const HOLDING = /\b(part|piece|share|portion|plots?|parcels?|acres?|hectares?|square metres?|title|deeds?|owners?(hip)?|owns?|landowners?|right to use)\b/i;
const DENIAL = /\b(not|no|never|nor|without)\b/i;

/** Whether a text says a Unit is land, a part of it, or ownership of or a title to it (without denying it). */
function claimsLand(text: string): boolean {
  const plain = withoutBrand(text);
  return LAND.test(plain) && HOLDING.test(plain) && !DENIAL.test(plain);
}

describe('the land-claim check', () => {
  it('finds a claim to land however it is worded, and not its denial', () => {
    for (const claim of ['A part of a plot of restored land', 'A share of the land', 'Ownership of a piece of forest', 'A title to one square metre of a field', 'You own part of the land'])
      expect(claimsLand(claim), claim).toBe(true);
    for (const fine of ['A share of a company', 'When voting closes', 'It is not ownership of land', 'No title to any field', 'Money from sales buys land that Land Units manages'])
      expect(claimsLand(fine), fine).toBe(false);
  });
});

describe('the demo quiz', () => {
  it('rests on the terms statement that a Unit is not ownership of land', () => {
    expect(termsStatement).toMatch(/^No\. A Unit is not ownership of land\. Holding Units gives you no title to/);
    // Each sentence of the statement that speaks of holding land denies it.
    const aboutHolding = termsStatement.split(/(?<=\.)\s+/).filter((sentence) => HOLDING.test(sentence) && LAND.test(withoutBrand(sentence)));
    expect(aboutHolding.length).toBeGreaterThan(0);
    for (const sentence of aboutHolding) expect(claimsLand(sentence), sentence).toBe(false);
  });

  it('is a quiz an admin could have written', () => {
    expect(QuizInputSchema.safeParse(DEMO_QUIZ).success).toBe(true);
  });

  it('marks no answer right that contradicts the terms', () => {
    for (const question of DEMO_QUIZ.questions) {
      const right = question.options[question.rightOption];
      expect(right, question.text).toBeDefined();
      expect(claimsLand(right ?? ''), `${question.text} → ${right}`).toBe(false);
    }
  });

  it('asks what a Unit is, with the claim to land offered as a wrong answer', () => {
    const aboutLand = DEMO_QUIZ.questions.filter((question) => question.options.some(claimsLand));
    expect(aboutLand.length).toBeGreaterThan(0);
    for (const question of aboutLand) {
      const right = question.options[question.rightOption] ?? '';
      // The right answer says, in the terms' words, that a Unit is not ownership of land.
      expect(withoutBrand(right).toLowerCase()).toContain('not ownership of land');
    }
  });
});
