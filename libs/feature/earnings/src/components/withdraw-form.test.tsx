import { ApiError } from '@sojourn/api-client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Payout, PayoutAccount } from '../api';
import { WithdrawForm, type WithdrawFormProps } from './withdraw-form';

const account: PayoutAccount = {
  id: 'acc1',
  currency: 'NGN',
  bank_code: '058',
  bank_name: 'Guaranty Trust Bank',
  account_number: '0123456789',
  account_name: 'Efua Mensah',
  created_at: '2026-11-01T10:00:00Z',
};

const payout = (amount: number): Payout => ({
  id: 'p1',
  reference: 'sj-po-1',
  amount,
  fee: 5000,
  net_amount: amount - 5000,
  currency: 'NGN',
  status: 'pending',
  bank_name: 'Guaranty Trust Bank',
  account_number: '••••6789',
  account_name: 'Efua Mensah',
  failure_reason: '',
  settled_at: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
});

function setup(props: Partial<WithdrawFormProps> = {}) {
  const onWithdraw = vi.fn(async (amount: number, _key: string) => payout(amount));
  const onDone = vi.fn();
  render(<WithdrawForm currency="NGN" available={2_500_000} minPayout={100_000} fee={5000} account={account} onWithdraw={onWithdraw} onDone={onDone} {...props} />);
  return { onWithdraw, onDone, user: userEvent.setup() };
}

const amountInput = () => screen.getByLabelText('Amount to withdraw (NGN)');

describe('WithdrawForm', () => {
  it('shows the fee and the net amount as the amount is typed', async () => {
    const { user } = setup();
    expect(screen.getByTestId('withdraw-net')).toHaveTextContent('—');
    await user.type(amountInput(), '20,000');
    expect(screen.getByTestId('withdraw-net')).toHaveTextContent('₦19,950.00');
    expect(screen.getByText(/minimum ₦1,000.00 · fee ₦50.00/)).toBeInTheDocument();
  });

  it('refuses an empty amount, a malformed one, less than the minimum and more than available, beside the field', async () => {
    const { user, onWithdraw } = setup();
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(await screen.findByText('Enter how much to withdraw.')).toBeInTheDocument();
    expect(amountInput()).toHaveAttribute('aria-invalid', 'true');

    await user.type(amountInput(), '12.345');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(await screen.findByText('Enter an amount such as 25,000 or 25,000.50.')).toBeInTheDocument();

    await user.clear(amountInput());
    await user.type(amountInput(), '999');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(await screen.findByText('The smallest withdrawal is ₦1,000.00.')).toBeInTheDocument();

    await user.clear(amountInput());
    await user.type(amountInput(), '25000.01');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(await screen.findByText('You can withdraw up to ₦25,000.00.')).toBeInTheDocument();
    expect(onWithdraw).not.toHaveBeenCalled();
  });

  it('confirms amount, fee, net and bank in a dialog, then withdraws with a fresh idempotency key each time', async () => {
    const { user, onWithdraw, onDone } = setup();
    await user.type(amountInput(), '2000');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your withdrawal' });
    expect(within(dialog).getByText('₦2,000.00')).toBeInTheDocument();
    expect(within(dialog).getByText('−₦50.00')).toBeInTheDocument();
    expect(within(dialog).getByText('₦1,950.00')).toBeInTheDocument();
    expect(within(dialog).getByText(/Guaranty Trust Bank ••••6789/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onWithdraw).toHaveBeenCalledWith(200_000, expect.stringMatching(/^payout-/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(amountInput()).toHaveValue('25000');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(onWithdraw).toHaveBeenCalledTimes(2));
    expect(onWithdraw.mock.calls[1]![0]).toBe(2_500_000);
    expect(onWithdraw.mock.calls[1]![1]).not.toBe(onWithdraw.mock.calls[0]![1]);
  });

  it('shows a 409 or 422 from the server beside the amount', async () => {
    const onWithdraw = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 409, code: 'insufficient_funds' as never, message: 'There is not enough money for this.' }))
      .mockRejectedValueOnce(
        new ApiError({ status: 422, code: 'validation_failed', message: 'The request has invalid fields.', fields: { amount: 'must be at least the minimum payout of 100000 (minor units)' } }),
      );
    const { user } = setup({ onWithdraw });
    await user.type(amountInput(), '2000');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText(/more than your available earnings now/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('The amount must be at least the minimum payout of 100000.')).toBeInTheDocument();
  });

  it('explains why withdrawing is blocked and disables the form', () => {
    setup({ blocked: 'Add a bank account before withdrawing.', account: null });
    expect(screen.getByText('Add a bank account before withdrawing.')).toBeInTheDocument();
    expect(amountInput()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Review withdrawal' })).toBeDisabled();
  });
});
