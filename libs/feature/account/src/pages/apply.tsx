import { useAuthStore } from '@sojourn/session';
import { Stepper, Tabs, TabsContent, TabsList, TabsTrigger } from '@sojourn/ui';
import { ROLE_LABELS } from '@sojourn/util';
import { useState } from 'react';
import { AuthHeading } from '../components/auth-heading';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { RoleApplicationPanel } from '../components/role-application-panel';
import { userPortalHref } from '../links';
import { usePortal } from '../portal-context';

const STEPS = ['Your account', 'Application', 'Review'];

/** A provider portal's `<prefix>/register`: create an account or sign in, apply for the role, then wait for review. */
export default function ApplyPage() {
  const portal = usePortal();
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const [stage, setStage] = useState<'form' | 'review' | 'done'>('form');
  const role = portal.role;
  if (!role) return null;
  const label = ROLE_LABELS[role].toLowerCase();
  const current = !signedIn ? 0 : stage === 'form' ? 1 : stage === 'review' ? 2 : 3;

  return (
    <div className="grid gap-6">
      <Stepper steps={STEPS} current={current} />
      {!signedIn ? (
        <>
          <AuthHeading title={`Join ${portal.name}`}>
            Start with your Sojourn account. New here? Create one; already travelling with us? Sign in and we will carry on.
          </AuthHeading>
          <Tabs defaultValue="register">
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="register">Create account</TabsTrigger>
              <TabsTrigger value="login">I have an account</TabsTrigger>
            </TabsList>
            <TabsContent value="register">
              <RegisterForm termsHref={userPortalHref(portal, '/terms-of-use')} onRegistered={() => undefined} />
            </TabsContent>
            <TabsContent value="login">
              <LoginForm onSignedIn={() => undefined} submitLabel="Sign in and continue" />
            </TabsContent>
          </Tabs>
        </>
      ) : (
        <>
          {stage === 'form' && (
            <AuthHeading title={`Apply as a ${label}`}>
              Tell us about your work. An administrator reviews every application before the portal opens to you.
            </AuthHeading>
          )}
          <RoleApplicationPanel role={role} homePath={portal.homePath} onStage={(s) => s !== stage && queueMicrotask(() => setStage(s))} />
        </>
      )}
    </div>
  );
}
