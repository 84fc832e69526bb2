import { configureApi } from '@sojourn/api-client';
import { installSession, useAuthStore } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from './components/login-form';

function setup(fetchImpl: (req: Request) => Promise<Response>) {
  installSession();
  configureApi({ baseUrl: '', fetch: vi.fn(fetchImpl) as unknown as typeof fetch });
  const onSignedIn = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LoginForm onSignedIn={onSignedIn} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSignedIn, user: userEvent.setup() };
}

describe('login form', () => {
  it('shows validation errors beside the fields without calling the API', async () => {
    const fetchImpl = vi.fn();
    const { user } = setup(fetchImpl);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('maps server field errors to the fields', async () => {
    const { user } = setup(async () =>
      new Response(JSON.stringify({ error: { code: 'validation_failed', message: 'Invalid', fields: { email: 'This account is suspended.' } } }), { status: 422 }),
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This account is suspended.')).toBeInTheDocument();
  });

  it('explains wrong credentials in a form-level alert', async () => {
    const { user } = setup(async () => new Response(JSON.stringify({ error: { code: 'invalid_credentials', message: 'x' } }), { status: 401 }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That email and password do not match an account.');
  });

  it('starts the session on success', async () => {
    const body = { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900, email: 'ada@example.com', user: { id: 'u', username: 'ada', roles: ['user'] } };
    const { user, onSignedIn } = setup(async () => new Response(JSON.stringify(body), { status: 200 }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(useAuthStore.getState().refreshToken).toBe('r');
  });
});
