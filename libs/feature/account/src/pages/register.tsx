import { Link, useNavigate } from 'react-router';
import { AuthHeading } from '../components/auth-heading';
import { RegisterForm } from '../components/register-form';
import { userPortalHref } from '../links';
import { usePortal } from '../portal-context';

export default function RegisterPage() {
  const portal = usePortal();
  const navigate = useNavigate();
  return (
    <>
      <AuthHeading title="Create your account">
        One account for trips, wellness sessions and everything in between. We will email you a link to confirm your address.
      </AuthHeading>
      <RegisterForm termsHref={userPortalHref(portal, '/terms-of-use')} onRegistered={() => navigate('/verification?sent=1', { replace: true })} />
      <p className="mt-6 text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
