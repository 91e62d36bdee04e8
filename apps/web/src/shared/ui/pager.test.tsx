import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageSummary } from './pager';

describe('Pager', () => {
  it('says "of 1,040+" and keeps Next open when the server stopped counting', async () => {
    const onPage = vi.fn();
    render(<Pager label="Transaction pages" page={52} pageSize={20} total={1_040} totalCapped onPage={onPage} />);
    expect(screen.getByText('Showing 1,021–1,040 of 1,040+')).toBeTruthy();
    expect(screen.getByText(/Page 52 of 52\s*\+/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPage).toHaveBeenCalledWith(53);
  });

  it('closes Next on the last page of an exact total', () => {
    render(<Pager label="Transaction pages" page={7} pageSize={20} total={134} onPage={() => {}} />);
    expect(pageSummary(7, 20, 134)).toBe('Showing 121–134 of 134');
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
