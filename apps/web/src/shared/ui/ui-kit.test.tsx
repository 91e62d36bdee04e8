import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';
import { ErrorState } from './error-state';
import { FormAlert } from './form-alert';
import { Select } from './select';
import { StatusBadge } from './status-badge';
import { Table } from './table';
import { Tabs } from './tabs';
import { TextField } from './text-field';
import * as badgeStyles from './status-badge.module.css';

describe('Button', () => {
  it('while loading is marked busy and ignores clicks, keeping its name', async () => {
    const user = userEvent.setup({ delay: null });
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Buy Units
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Buy Units' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('defaults to type="button" so it never submits a form by accident', () => {
    render(<Button variant="ghost">Cancel</Button>);
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('type')).toBe('button');
  });
});

describe('TextField and Select', () => {
  it('label the control and link hint and error', () => {
    render(
      <>
        <TextField label="Email" hint="We never share it" error="Email is Required" />
        <Select label="Currency" options={[{ value: 'GBP', label: 'Pounds (GBP)' }]} />
      </>,
    );
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const ids = (email.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['We never share it', 'Email is Required']);
    expect(screen.getByLabelText('Currency').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Currency').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('Table', () => {
  it('has a caption, scoped headers and a labelled, focusable scroll region', () => {
    render(
      <Table
        caption="Your holdings"
        rows={[{ id: 'a', currency: 'GBP', units: '1,200' }]}
        rowKey={(row) => row.id}
        columns={[
          { key: 'currency', header: 'Currency', cell: (row) => row.currency, rowHeader: true },
          { key: 'units', header: 'Units', cell: (row) => row.units, numeric: true },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Your holdings' });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole('table', { name: 'Your holdings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('scope')),
    ).toEqual(['col', 'col']);
    expect(within(table).getByRole('rowheader', { name: 'GBP' }).getAttribute('scope')).toBe('row');
  });
});

describe('StatusBadge', () => {
  it('says the status in words, not only in colour', () => {
    render(<StatusBadge label="Pending Approval" tone="lilac" />);
    expect(screen.getByText('Pending Approval').className).toContain(badgeStyles.badgeLilac);
  });
});

describe('ErrorState', () => {
  it('offers a retry', async () => {
    const user = userEvent.setup({ delay: null });
    const retry = vi.fn();
    render(<ErrorState message="Prices could not be loaded." onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Prices could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('FormAlert', () => {
  it('reads out the failure it is given, and renders nothing without one', () => {
    const { rerender } = render(<FormAlert>{null}</FormAlert>);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormAlert>{''}</FormAlert>);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormAlert className="spaced">Network Error</FormAlert>);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Network Error');
    expect(alert.className.split(' ')).toContain('spaced');
  });
});

describe('Tabs', () => {
  it('selects with a click and with the arrow keys', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <Tabs
        label="Order type"
        tabs={[
          { id: 'buy', label: 'Buy', panel: <p>Buy panel</p> },
          { id: 'sell', label: 'Sell', panel: <p>Sell panel</p> },
          { id: 'transfer', label: 'Transfer', panel: <p>Transfer panel</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('Buy panel');
    await user.click(screen.getByRole('tab', { name: 'Transfer' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Transfer panel');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Buy' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Buy' }));
  });
});

describe('Dialog', () => {
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <Dialog open={open} onClose={() => setOpen(false)} title="Confirm transfer">
          <p>Send 10 Units?</p>
        </Dialog>
        <output>{open ? 'open' : 'closed'}</output>
      </>
    );
  }

  it('is a labelled modal that Escape closes when dismissible', async () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Confirm transfer' });
    expect(dialog.hasAttribute('open')).toBe(true);

    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(await screen.findByText('closed')).toBeTruthy();
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(cancel.defaultPrevented).toBe(true);
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('status').textContent).toBe('closed');
  });
});
