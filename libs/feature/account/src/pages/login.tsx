import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@sojourn/ui';
import { AuthHeading } from '../components/auth-heading';
import { LoginForm } from '../components/login-form';
import { safeRedirect, userPortalHref } from '../links';
import { usePortal } from '../portal-context';

export default function LoginPage() {
  const portal = usePortal();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'), portal.homePath);
  const notice =
    params.get('reason') === 'idle'
      ? 'You were signed out after 30 minutes without activity.'
      : params.get('signed_out')
        ? 'You have signed out.'
        : params.get('reset')
          ? 'Your password has been changed. Sign in with the new one.'
          : null;

  const signUp =
    portal.id === 'user' ? (
      <Link to="/register" className="font-medium text-primary hover:underline">
        Create an account
      </Link>
    ) : portal.applyPath ? (
      <Link to={portal.applyPath} className="font-medium text-primary hover:underline">
        Apply to join {portal.name}
      </Link>
    ) : (
      <a href={userPortalHref(portal, '/register')} data-user-portal-path="/register" className="font-medium text-primary hover:underline">
        Create a Sojourn account
      </a>
    );

  return (
    <>
      <AuthHeading title="Welcome back">Sign in to {portal.name} with your Sojourn account.</AuthHeading>
      {notice && (
        <div className="mb-4">
          <FormAlert tone="info">{notice}</FormAlert>
        </div>
      )}
      <LoginForm onSignedIn={() => navigate(redirectTo, { replace: true })} />
      <p className="mt-6 text-sm text-muted-foreground">New to Sojourn? {signUp}</p>
    </>
  );
}
