import { zodResolver } from '@hookform/resolvers/zod';
import { applyServerErrors, Button, Form, FormAlert, FormControl, FormField, FormItem, FormLabel, FormMessage, Input } from '@sojourn/ui';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthHeading } from '../components/auth-heading';
import { NewPasswordFields } from '../components/new-password-fields';
import { forgotPasswordSchema, resetPasswordSchema, type ForgotPasswordValues, type ResetPasswordValues } from '../schemas';
import { authApi } from '../api';

function RequestReset() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await authApi.forgotPassword(email);
      setSentTo(email);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, ['email']));
    }
  });

  if (sentTo) {
    return (
      <div className="grid gap-4" role="status">
        <MailCheck className="size-10 text-primary" aria-hidden />
        <AuthHeading title="Check your inbox">
          If an account exists for <strong className="text-foreground">{sentTo}</strong>, we have sent it a link to choose a new
          password. The link works once and expires soon.
        </AuthHeading>
        <Button variant="outline" onClick={() => setSentTo(null)}>
          Use a different email
        </Button>
        <Link to="/login" className="text-sm font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <>
      <AuthHeading title="Reset your password">Enter the email you signed up with and we will send you a reset link.</AuthHeading>
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
                  <Input type="email" autoComplete="email" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
            Send reset link
          </Button>
        </form>
      </Form>
      <p className="mt-6 text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}

function SetNewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema()), defaultValues: { password: '', confirm: '' } });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await authApi.resetPassword(token, password);
      toast.success('Password changed. Sign in with your new password.');
      navigate('/login?reset=1', { replace: true });
    } catch (e) {
      const msg = applyServerErrors(e, form.setError, ['password']);
      setFormError(msg && /token/i.test(msg) ? 'This reset link is invalid or has expired. Request a new one below.' : msg);
    }
  });
  return (
    <>
      <AuthHeading title="Choose a new password">Pick a password you have not used on Sojourn before.</AuthHeading>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormAlert>{formError}</FormAlert>
          <NewPasswordFields control={form.control} />
          <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
            Save new password
          </Button>
        </form>
      </Form>
      <p className="mt-6 text-sm text-muted-foreground">
        Link not working?{' '}
        <Link to="/reset-password" className="font-medium text-primary hover:underline">
          Request a new one
        </Link>
      </p>
    </>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <SetNewPassword token={token} /> : <RequestReset />;
}
