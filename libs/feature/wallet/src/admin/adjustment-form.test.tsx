import { ApiError } from '@sojourn/api-client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdjustmentForm } from './adjustment-form';
import type { Transaction } from '../api';

// Radix radio groups measure themselves; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const user = { id: 'u1', email: 'vendor@example.com', username: 'kente.and.clay' };
const txn = (amount: number): Transaction => ({
  id: 't1',
  type: 'adjustment',
  direction: amount >= 0 ? 'credit' : 'debit',
  amount: Math.abs(amount),
  fee: 0,
  currency: 'NGN',
  method: 'platform',
  status: 'completed',
  reference: 'SJ-ADJ-1',
  counterparty: null,
  paid_for: null,
  entry_id: 'e1',
  note: 'x',
  available_at: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
});

describe('AdjustmentForm', () => {
  it('requires an amount and a reason of at least 3 characters, beside each field', async () => {
    const onSubmit = vi.fn();
    const u = userEvent.setup();
    render(<AdjustmentForm user={user} onSubmit={onSubmit} onDone={vi.fn()} />);
    await u.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(await screen.findByText('Enter the amount.')).toBeInTheDocument();
    expect(screen.getByText('Give a reason of at least 3 characters; it is kept in the audit log.')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Amount (NGN)'), '0');
    await u.click(screen.getByRole('button', { name: 'Review adjustment' }));
    expect(await screen.findByText('Enter an amount such as 2,500 or 2,500.50.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('confirms a debit of available earnings in a dialog and sends a signed amount in minor units', async () => {
    const onSubmit = vi.fn(async (_body: unknown, _key: string) => txn(-250_000));
    const onDone = vi.fn();
    const u = userEvent.setup();
    render(<AdjustmentForm user={user} onSubmit={onSubmit} onDone={onDone} />);
    await u.click(screen.getByLabelText('Available earnings'));
    await u.click(screen.getByLabelText('Debit (take money)'));
    await u.type(screen.getByLabelText('Amount (NGN)'), '2,500');
    await u.type(screen.getByLabelText('Reason'), 'Duplicate earning from order 1042');
    await u.click(screen.getByRole('button', { name: 'Review adjustment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the adjustment' });
    expect(within(dialog).getByText('−₦2,500.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Available earnings')).toBeInTheDocument();
    expect(within(dialog).getByText('vendor@example.com')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Confirm adjustment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      { user_id: 'u1', account: 'earnings_available', amount: -250_000, currency: 'NGN', reason: 'Duplicate earning from order 1042' },
      expect.stringMatching(/^adjust-/),
    );
  });

  it('shows a refused debit beside the amount', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 409, code: 'insufficient_funds' as never, message: 'There is not enough money for this.' });
    });
    const u = userEvent.setup();
    render(<AdjustmentForm user={user} onSubmit={onSubmit} onDone={vi.fn()} />);
    await u.click(screen.getByLabelText('Debit (take money)'));
    await u.type(screen.getByLabelText('Amount (NGN)'), '100');
    await u.type(screen.getByLabelText('Reason'), 'Chargeback');
    await u.click(screen.getByRole('button', { name: 'Review adjustment' }));
    await u.click(await screen.findByRole('button', { name: 'Confirm adjustment' }));
    expect(await screen.findByText(/holds less than that; a debit cannot take it below zero/)).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (NGN)')).toHaveAttribute('aria-invalid', 'true');
  });
});
