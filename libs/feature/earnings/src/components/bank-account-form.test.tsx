import { ApiError } from '@sojourn/api-client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Bank } from '../api';
import { BankAccountForm } from './bank-account-form';

const banks: Bank[] = [
  { name: 'Access Bank', code: '044', slug: 'access-bank', currency: 'NGN', type: 'nuban' },
  { name: 'Guaranty Trust Bank', code: '058', slug: 'guaranty-trust-bank', currency: 'NGN', type: 'nuban' },
];

describe('BankAccountForm', () => {
  it('requires a bank, a 10-digit account number and an account name, beside each field', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<BankAccountForm banks={banks} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Choose your bank.')).toBeInTheDocument();
    expect(screen.getByText('Enter the 10-digit account number (NUBAN).')).toBeInTheDocument();
    expect(screen.getByText('Enter the name on the account.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Account number'), '01234abc');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Enter the 10-digit account number (NUBAN).')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the chosen bank and account', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<BankAccountForm banks={banks} onSave={onSave} />);
    await user.selectOptions(screen.getByLabelText('Bank'), 'Guaranty Trust Bank');
    await user.type(screen.getByLabelText('Account number'), '0123456789');
    await user.type(screen.getByLabelText('Account name'), 'Efua Mensah');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ bank_code: '058', account_number: '0123456789', account_name: 'Efua Mensah' }));
  });

  it('takes a Kenyan account number of 13 digits in KES, and refuses it in NGN', async () => {
    const keBanks: Bank[] = [{ name: 'Equity Bank', code: '68', slug: 'equity-bank-ke', currency: 'KES', type: 'kepss' }];
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<BankAccountForm banks={keBanks} currency="KES" onSave={onSave} />);
    await user.selectOptions(screen.getByLabelText('Bank'), 'Equity Bank');
    await user.type(screen.getByLabelText('Account number'), '0180291234567');
    await user.type(screen.getByLabelText('Account name'), 'Wanjiru Kamau');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ bank_code: '68', account_number: '0180291234567', account_name: 'Wanjiru Kamau' }));
  });

  it('prefills the bank and name when replacing, and shows server field errors beside the field', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError({ status: 422, code: 'validation_failed', message: 'The request has invalid fields.', fields: { account_number: 'could not be resolved at this bank' } });
    });
    const user = userEvent.setup();
    render(<BankAccountForm banks={banks} current={{ bank_code: '044', account_name: 'Efua Mensah' }} onSave={onSave} />);
    expect(screen.getByLabelText('Bank')).toHaveValue('044');
    expect(screen.getByLabelText('Account name')).toHaveValue('Efua Mensah');
    await user.type(screen.getByLabelText('Account number'), '0123450000');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('could not be resolved at this bank')).toBeInTheDocument();
    expect(screen.getByLabelText('Account number')).toHaveAttribute('aria-invalid', 'true');
  });
});
