import { isApiError } from '@sojourn/api-client';
import { startSession } from '@sojourn/session';
import { applyServerErrors, Button, Form, FormAlert, FormControl, FormField, FormItem, FormLabel, FormMessage, Input } from '@sojourn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { loginResolver, type LoginValues } from '../login-rules';
import { PasswordInput } from './password-input';
import { authApi } from '../api';

export function LoginForm({ onSignedIn, submitLabel = 'Sign in' }: { onSignedIn: () => void; submitLabel?: string }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginValues>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const body = await authApi.login(values);
      queryClient.clear();
      startSession(body);
      onSignedIn();
    } catch (e) {
      console.warn('Invalid credentials', e);
      setFormError(
        isApiError(e) && e.code === 'invalid_credentials'
          ? 'That email and password do not match an account.'
          : applyServerErrors(e, form.setError, ['email', 'password']),
      );
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormAlert>{formError}</FormAlert>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" inputMode="email" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between">
                <FormLabel>Password</FormLabel>
                <Link to="/reset-password" className="text-sm font-medium text-primary hover:underline">
                  Forgot password?
                </Link>
              </div>
              <FormControl>
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </form>
    </Form>
  );
}
