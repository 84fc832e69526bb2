import { configureApi } from '@sojourn/api-client';
import { installSession } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RegisterForm } from './components/register-form';

// The Radix checkbox measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('new password fields (register, reset password, change password)', () => {
  it('name the pair after the label, give the rules and report a mismatch beside the repetition', async () => {
    installSession();
    const fetchImpl = vi.fn();
    configureApi({ baseUrl: '', fetch: fetchImpl as unknown as typeof fetch });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <RegisterForm onRegistered={vi.fn()} termsHref="/terms" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password');
    const repeat = screen.getByLabelText('Repeat password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(repeat).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByText('At least 10 characters. Avoid common passwords and your email address.')).toBeInTheDocument();
    await user.type(password, 'quiet mornings in accra');
    await user.type(repeat, 'quiet mornings in lagos');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(repeat).toHaveAttribute('aria-invalid', 'true');
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
