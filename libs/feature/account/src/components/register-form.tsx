import { zodResolver } from '@hookform/resolvers/zod';
import { startSession } from '@sojourn/session';
import { applyServerErrors, Button, Checkbox, Form, FormAlert, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, Input } from '@sojourn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { registerSchema, type RegisterValues } from '../schemas';
import { NewPasswordFields } from './new-password-fields';
import { authApi } from '../api';

export function RegisterForm({ onRegistered, termsHref }: { onRegistered: () => void; termsHref: string }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', email: '', password: '', confirm: '', terms: false },
  });

  const onSubmit = form.handleSubmit(async ({ username, email, password }) => {
    setFormError(null);
    try {
      const body = await authApi.register({ username, email, password });
      queryClient.clear();
      startSession(body);
      onRegistered();
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, ['username', 'email', 'password']));
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormAlert>{formError}</FormAlert>
        <FormField
          control={form.control}
          name="username"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Username</FormLabel>
              <FormControl>
                <Input autoComplete="username" {...field} />
              </FormControl>
              <FormDescription>3–30 letters, digits, underscores or dots. Others see this name.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
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
        <NewPasswordFields control={form.control} label="Password" />
        <FormField
          control={form.control}
          name="terms"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-start gap-3">
                <FormControl>
                  <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} className="mt-0.5" />
                </FormControl>
                <FormLabel className="font-normal leading-snug">
                  I accept the{' '}
                  <a href={termsHref} target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
                    terms of use
                  </a>
                  .
                </FormLabel>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
          Create account
        </Button>
      </form>
    </Form>
  );
}
