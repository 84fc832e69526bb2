import { ApiError } from '@sojourn/api-client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BranchesForm } from './branches';

const two = [
  { name: 'Garki', address: 'Plot 712 Ahmadu Bello Way, Garki Area 11, Abuja' },
  { name: 'Gwarinpa', address: '23 First Avenue, Gwarinpa Estate, Abuja' },
];

describe('BranchesForm', () => {
  it('adds and removes rows and saves the list, trimmed', async () => {
    const onSave = vi.fn(async () => undefined);
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<BranchesForm initial={two} onSave={onSave} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Remove branch 1' }));
    await user.click(screen.getByRole('button', { name: 'Add a branch' }));
    await user.type(screen.getByLabelText('Branch 2 name'), '  Wuse ');
    await user.type(screen.getAllByLabelText('Address')[1]!, 'Plot 5 Adetokunbo Ademola Crescent, Wuse II, Abuja');
    await user.click(screen.getByRole('button', { name: 'Save branches' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith([two[1], { name: 'Wuse', address: 'Plot 5 Adetokunbo Ademola Crescent, Wuse II, Abuja' }]),
    );
    expect(onDone).toHaveBeenCalled();
  });

  it('refuses an empty row beside its fields and offers no sixth row', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<BranchesForm initial={two} onSave={onSave} onDone={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Add a branch' }));
    await user.click(screen.getByRole('button', { name: 'Save branches' }));
    expect(await screen.findByText('Name the branch')).toBeInTheDocument();
    expect(screen.getByText('Where buyers find it')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Add a branch' }));
    await user.click(screen.getByRole('button', { name: 'Add a branch' }));
    expect(screen.getByLabelText('Branch 5 name')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a branch' })).toBeNull();
  });

  it("puts the server's field errors beside the branch's field", async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError({ status: 422, code: 'validation_failed', message: 'The request has invalid fields.', fields: { 'branches[1].address': 'must not contain control characters' } });
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<BranchesForm initial={two} onSave={onSave} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Save branches' }));
    expect(await screen.findByText('must not contain control characters')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Address')[1]).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});
