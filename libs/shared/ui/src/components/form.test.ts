import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from './form';

class FieldError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

describe('applyServerErrors', () => {
  it('puts each field error beside its field, renamed where asked, and leaves no form message', () => {
    const setError = vi.fn();
    const msg = applyServerErrors(new FieldError('Check the form.', { new_password: 'Too short.', email: 'Taken.' }), setError, ['password', 'email'], {
      new_password: 'password',
    });
    expect(msg).toBeNull();
    expect(setError).toHaveBeenCalledWith('password', { type: 'server', message: 'Too short.' });
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Taken.' });
  });

  it('returns the message when a field error has no field on the form', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new FieldError('Check the form.', { email: 'Taken.', captcha: 'Wrong.' }), setError, ['email'])).toBe('Check the form.');
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it('returns the message of an error without field errors, and a fallback for anything else', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new FieldError('Too many attempts.', {}), setError, ['email'])).toBe('Too many attempts.');
    expect(applyServerErrors(new Error('Offline.'), setError, ['email'])).toBe('Offline.');
    expect(applyServerErrors('boom', setError, ['email'])).toBe('Something went wrong. Please try again.');
    expect(setError).not.toHaveBeenCalled();
  });
});
