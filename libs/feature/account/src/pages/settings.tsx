import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '@sojourn/api-client';
import { logoutEverywhere, useAuthStore } from '@sojourn/session';
import {
  applyServerErrors,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Form,
  FormAlert,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Label,
  PageHeader,
  RadioGroup,
  RadioGroupItem,
  type ThemePreference,
  useThemeStore,
} from '@sojourn/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { NewPasswordFields } from '../components/new-password-fields';
import { PasswordInput } from '../components/password-input';
import { changePasswordSchema, type ChangePasswordValues } from '../schemas';
import { authApi } from '../api';

function ChangePasswordCard() {
  const email = useAuthStore((s) => s.email ?? undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema(email)),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const onSubmit = form.handleSubmit(async ({ current, password }) => {
    setFormError(null);
    try {
      await authApi.changePassword(current, password);
      form.reset();
      toast.success('Password changed. Other devices have been signed out.');
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, ['current', 'password'], { current_password: 'current', new_password: 'password' }));
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change password</CardTitle>
        <CardDescription>Changing your password signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
            <FormAlert>{formError}</FormAlert>
            <FormField
              control={form.control}
              name="current"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Current password</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="current-password" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <NewPasswordFields control={form.control} />
            <div>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Change password
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

function AppearanceCard() {
  const { theme, setTheme } = useThemeStore();
  const options: { value: ThemePreference; label: string }[] = [
    { value: 'light', label: 'Light' },
    { value: 'dark', label: 'Dark' },
    { value: 'system', label: 'Match my device' },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Appearance</CardTitle>
        <CardDescription>Saved on this device.</CardDescription>
      </CardHeader>
      <CardContent>
        <RadioGroup value={theme} onValueChange={(v) => setTheme(v as ThemePreference)} aria-label="Colour theme" className="sm:grid-flow-col sm:justify-start sm:gap-6">
          {options.map((o) => (
            <div key={o.value} className="flex items-center gap-2">
              <RadioGroupItem id={`theme-${o.value}`} value={o.value} />
              <Label htmlFor={`theme-${o.value}`} className="font-normal">
                {o.label}
              </Label>
            </div>
          ))}
        </RadioGroup>
      </CardContent>
    </Card>
  );
}

function SessionsCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const everywhere = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => {
      toast.success('You have been signed out on every device.');
      navigate('/login?signed_out=1', { replace: true });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sign-in sessions</CardTitle>
        <CardDescription>Lost a phone or used a shared computer? Sign out everywhere and sign in again on this device.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <Link to="/logout">Sign out of this device</Link>
        </Button>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="destructive">Sign out everywhere</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Sign out on every device?</DialogTitle>
              <DialogDescription>
                Every session of your account ends, including this one, in every Sojourn portal. You will need your password to sign in again.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant="destructive" loading={everywhere.isPending} onClick={() => everywhere.mutate()}>
                Sign out everywhere
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function EmailCard() {
  const user = useAuthStore((s) => s.user);
  const resend = useMutation({
    mutationFn: () => authApi.resendVerification(),
    onSuccess: () => toast.success('Verification email sent. Check your inbox.'),
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (!user) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Email address</CardTitle>
        <CardDescription>
          {user.email} · {user.email_verified ? 'verified' : 'not verified yet'}
        </CardDescription>
      </CardHeader>
      {!user.email_verified && (
        <CardContent className="flex flex-wrap gap-2">
          <Button variant="outline" loading={resend.isPending} onClick={() => resend.mutate()}>
            Resend verification email
          </Button>
          <Button variant="ghost" asChild>
            <Link to="/verification">I have a code</Link>
          </Button>
        </CardContent>
      )}
    </Card>
  );
}

export default function SettingsPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title="Settings" description="Your password, sign-in sessions and how Sojourn looks on this device." />
      <EmailCard />
      <ChangePasswordCard />
      <SessionsCard />
      <AppearanceCard />
    </div>
  );
}
