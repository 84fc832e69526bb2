import { isApiError, mediaUrl } from '@sojourn/api-client';
import { Avatar, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { companyApi, rentalKeys } from '../../api';
import { CompanyForm, LicenceUpload, VerificationBadge } from '../../components/company-form';
import { COMPANY_PATHS } from '../../paths';

/** `/car-rentals/profile`: the company's public details and its licence. */
export default function ProfilePage() {
  const q = useQuery({ queryKey: rentalKeys.profile, queryFn: companyApi.profile, retry: (n, e) => !(isApiError(e) && e.status === 404) && n < 2 });
  const missing = q.isError && isApiError(q.error) && q.error.status === 404;
  if (q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-6" aria-busy>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (q.isError && !missing) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-6">
        <PageHeader title="Company profile" />
        <ErrorState title="We could not load your company profile" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const p = q.data ?? null;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar src={mediaUrl(p?.avatar_url)} name={p?.display_name || 'Your company'} size="lg" />
        <div className="grid gap-2">
          <PageHeader title={p?.display_name || 'Company profile'} description={p?.headline || 'Renters read this before they book.'} />
          <div className="flex flex-wrap items-center gap-2">
            <VerificationBadge p={p} />
            {p && !p.listed && <span className="text-xs text-muted-foreground">Your cars are shown to renters once the licence is verified.</span>}
          </div>
        </div>
      </div>
      {p?.credentials.verification === 'rejected' && p.credentials.verification_note && (
        <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">Sojourn&apos;s reviewer: “{p.credentials.verification_note}”</p>
      )}
      {p?.status === 'suspended' && <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">Your company is suspended: {p.suspension_reason || 'please contact support.'}</p>}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Details and licence</CardTitle>
          <CardDescription>Your business name and photo come from your account profile.</CardDescription>
        </CardHeader>
        <CardContent>
          <CompanyForm profile={p} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Licence document</CardTitle>
        </CardHeader>
        <CardContent>
          <LicenceUpload profile={p} />
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to={COMPANY_PATHS.branches}>Branches</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={COMPANY_PATHS.offerings}>Fleet</Link>
        </Button>
      </div>
    </div>
  );
}
