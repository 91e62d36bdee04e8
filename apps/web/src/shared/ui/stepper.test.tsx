import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stepper } from './stepper';

describe('Stepper', () => {
  it('names every step, ticks the ones done and marks the current one', () => {
    render(<Stepper label="Buying Units" steps={['Units', 'Payment method', 'Review', 'Pay', 'Done']} current={2} />);
    const nav = screen.getByRole('navigation', { name: 'Buying Units' });
    expect(nav.textContent).toContain('Step 3 of 5: Review');
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['✓Units (done)', '✓Payment method (done)', '3Review', '4Pay', '5Done']);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null]);
  });

  it('keeps a step out of range on the first or the last step', () => {
    render(<Stepper label="Selling Units" steps={['Details', 'Review', 'Done']} current={7} />);
    expect(screen.getByRole('navigation', { name: 'Selling Units' }).textContent).toContain('Step 3 of 3: Done');
  });
});
