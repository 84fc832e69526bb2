import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { companyApi, rentalKeys } from '../../api';
import { BranchForm } from '../../components/branch-form';
import { hoursText } from '../../format';
import { COMPANY_PATHS } from '../../paths';

/** `/car-rentals/offerings/branches`: where cars are picked up and returned. */
export default function BranchesPage() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: rentalKeys.branches, queryFn: companyApi.branches });
  const [editing, setEditing] = useState<string | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: rentalKeys.branches });
    void qc.invalidateQueries({ queryKey: rentalKeys.dashboard });
  };
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="Branches"
        description="Where renters pick up and return your cars, with the hours your counter is open."
        actions={
          <Button asChild variant="outline">
            <Link to={COMPANY_PATHS.offerings}>Fleet</Link>
          </Button>
        }
      />
      {q.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : q.isError ? (
        <ErrorState title="We could not load your branches" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {q.data.length === 0 ? (
            <EmptyState title="No branches yet" description="Add the first place renters collect your cars." />
          ) : (
            <ul className="grid gap-3">
              {q.data.map((b) => (
                <li key={b.id}>
                  <Card>
                    <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
                      <CardTitle as="h2">{b.name}</CardTitle>
                      {editing !== b.id && (
                        <Button variant="outline" size="sm" onClick={() => setEditing(b.id)} aria-label={`Edit ${b.name}`}>
                          Edit
                        </Button>
                      )}
                    </CardHeader>
                    <CardContent>
                      {editing === b.id ? (
                        <BranchForm
                          branch={b}
                          submitLabel="Save the branch"
                          onCancel={() => setEditing(null)}
                          onSave={async (input) => {
                            await companyApi.saveBranch(b.id, input);
                            setEditing(null);
                            refresh();
                          }}
                        />
                      ) : (
                        <div className="grid gap-1.5 text-sm">
                          <p className="flex gap-2">
                            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden /> {b.address}, {b.city} {b.country}
                          </p>
                          <p className="flex gap-2">
                            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden /> {hoursText(b.hours)}
                          </p>
                          {b.phone && (
                            <p className="flex gap-2">
                              <Phone className="mt-0.5 size-4 shrink-0" aria-hidden /> {b.phone}
                            </p>
                          )}
                        </div>
                      )}
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )}
          <Card>
            <CardHeader>
              <CardTitle as="h2">Add a branch</CardTitle>
              <CardDescription>An airport desk, a city office, a hotel counter.</CardDescription>
            </CardHeader>
            <CardContent>
              <BranchForm branch={null} submitLabel="Add the branch" onSave={async (input) => { await companyApi.addBranch(input); refresh(); }} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
