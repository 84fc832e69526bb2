import { errorMessage } from '@sojourn/api-client';
import { Card, CardContent, FormAlert } from '@sojourn/ui';
import { PORTALS } from '@sojourn/util';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { syncVisitorAnswers } from './api';
import { JourneyFrame } from './frame';
import { CREATE_PATH, LOGIN_PATH } from './model';
import { useSignedIn } from './journey';

/** Signing in or creating an account midway: the browser's answers are then saved to the account and the journey goes on. */
export function AccountStep({ mode }: { mode: 'login' | 'create' }) {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [error, setError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);

  const continueJourney = async () => {
    setSyncing(true);
    setError(null);
    try {
      const out = await syncVisitorAnswers(PORTALS.user.homePath);
      navigate(out.next, { replace: true, state: out.errors ? { errors: out.errors } : null });
    } catch (e) {
      setError(`Your account is ready, but your answers could not be saved yet: ${errorMessage(e)}`);
      setSyncing(false);
    }
  };

  return (
    <JourneyFrame step="four">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{mode === 'create' ? 'Create your account' : 'Sign in to continue'}</h1>
        <p className="text-muted-foreground">
          {mode === 'create'
            ? 'Your answers so far are kept. Create an account to save them and finish on any device.'
            : 'Your answers so far are kept and saved to your account when you sign in.'}
        </p>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <FormAlert>{error}</FormAlert>
          {signedIn ? (
            <div className="grid gap-3">
              <p>You are signed in.</p>
              <button type="button" className="w-fit font-medium text-primary hover:underline" onClick={() => void continueJourney()} disabled={syncing}>
                {syncing ? 'Saving your answers…' : 'Continue your journey'}
              </button>
            </div>
          ) : mode === 'create' ? (
            <>
              <RegisterForm termsHref="/terms-of-use" onRegistered={() => void continueJourney()} />
              <p className="text-sm text-muted-foreground">
                Already have an account?{' '}
                <Link to={LOGIN_PATH} className="font-medium text-primary hover:underline">
                  Sign in
                </Link>
              </p>
            </>
          ) : (
            <>
              <LoginForm onSignedIn={() => void continueJourney()} submitLabel="Sign in and continue" />
              <p className="text-sm text-muted-foreground">
                New to Sojourn?{' '}
                <Link to={CREATE_PATH} className="font-medium text-primary hover:underline">
                  Create an account
                </Link>
              </p>
            </>
          )}
          {syncing && (
            <p role="status" className="text-sm text-muted-foreground">
              Saving your answers…
            </p>
          )}
        </CardContent>
      </Card>
    </JourneyFrame>
  );
}
