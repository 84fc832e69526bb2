import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { applyServerErrors, Button, Form, FormAlert, FormControl, FormField, FormItem, FormLabel, FormMessage, Input, Spinner } from '@sojourn/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, MailOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { AuthHeading } from '../components/auth-heading';
import { verificationSchema } from '../schemas';
import { usePortal } from '../portal-context';
import { accountKeys, authApi } from '../api';

function useVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => authApi.verifyEmail(token),
    onSuccess: ({ user }) => {
      const auth = useAuthStore.getState();
      if (auth.accessToken && auth.userId === user.id) auth.setUser(user);
      void queryClient.invalidateQueries({ queryKey: accountKeys.me });
    },
  });
}

function Verified() {
  const portal = usePortal();
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  return (
    <div className="grid gap-4" role="status">
      <BadgeCheck className="size-12 text-success" aria-hidden />
      <AuthHeading title="Email confirmed">Thank you. Your address is verified and your account is ready.</AuthHeading>
      <Button asChild size="lg">
        <Link to={signedIn ? portal.homePath : '/login'}>{signedIn ? 'Continue' : 'Sign in'}</Link>
      </Button>
    </div>
  );
}

function ResendButton() {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const verified = useAuthStore((s) => s.user?.email_verified ?? false);
  const resend = useMutation({
    mutationFn: () => authApi.resendVerification(),
    onSuccess: () => toast.success('We have sent you a new verification email.'),
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (!signedIn) {
    return (
      <p className="text-sm text-muted-foreground">
        Need a new email?{' '}
        <Link to="/login?redirect=%2Fverification" className="font-medium text-primary hover:underline">
          Sign in
        </Link>{' '}
        and send it again from here.
      </p>
    );
  }
  if (verified) return null;
  return (
    <Button variant="outline" onClick={() => resend.mutate()} loading={resend.isPending}>
      Send the email again
    </Button>
  );
}

export default function VerificationPage() {
  const [params] = useSearchParams();
  const linkToken = params.get('token');
  const email = useAuthStore((s) => s.email);
  const alreadyVerified = useAuthStore((s) => s.user?.email_verified ?? false);
  const verify = useVerify();
  const started = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof verificationSchema>>({ resolver: zodResolver(verificationSchema), defaultValues: { token: '' } });

  useEffect(() => {
    if (linkToken && !started.current) {
      started.current = true;
      verify.mutate(linkToken);
    }
  }, [linkToken, verify]);

  if (verify.isSuccess) return <Verified />;

  if (linkToken && verify.isPending) {
    return (
      <div className="flex items-center gap-3" role="status">
        <Spinner className="size-6 text-primary" /> Confirming your email address…
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ token }) => {
    setFormError(null);
    try {
      await verify.mutateAsync(token);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, ['token']));
    }
  });

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <MailOpen className="size-10 text-primary" aria-hidden />
        {alreadyVerified ? (
          <AuthHeading title="Your email is verified">There is nothing more to do here.</AuthHeading>
        ) : (
          <AuthHeading title="Confirm your email">
            {params.get('sent') || email ? (
              <>
                We sent a confirmation link to <strong className="text-foreground">{email ?? 'your inbox'}</strong>. Open it on this device,
                or paste the code from the email below.
              </>
            ) : (
              'Open the link from your confirmation email, or paste the code from it below.'
            )}
          </AuthHeading>
        )}
        {linkToken && verify.isError && (
          <FormAlert>That link is invalid or has expired. Paste a newer code or send the email again.</FormAlert>
        )}
      </div>
      {!alreadyVerified && (
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormAlert>{formError}</FormAlert>
            <FormField
              control={form.control}
              name="token"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Verification code</FormLabel>
                  <FormControl>
                    <Input autoComplete="one-time-code" spellCheck={false} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button type="submit" size="lg" loading={verify.isPending}>
              Verify email
            </Button>
          </form>
        </Form>
      )}
      <ResendButton />
    </div>
  );
}
