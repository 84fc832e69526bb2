import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, FormAlert, PageHeader, Skeleton } from '@sojourn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { companyApi, rentalKeys } from '../../api';
import { CarForm } from '../../components/car-form';
import { CarPhotos } from '../../components/car-photos';
import { COMPANY_PATHS, companyCarHref } from '../../paths';

/** `/car-rentals/offerings/car` (add) and `?id=` (edit, with photos). */
export default function CarEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const car = useQuery({ queryKey: rentalKeys.fleetCar(id), queryFn: () => companyApi.car(id), enabled: id !== '' });
  const branches = useQuery({ queryKey: rentalKeys.branches, queryFn: companyApi.branches });
  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={COMPANY_PATHS.offerings}>
        <ArrowLeft aria-hidden /> Fleet
      </Link>
    </Button>
  );
  if ((id && car.isPending) || branches.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-6" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if ((id && car.isError) || branches.isError) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-6">
        {back}
        <ErrorState title="We could not load this car" error={car.error ?? branches.error} onRetry={() => void (car.isError ? car.refetch() : branches.refetch())} />
      </div>
    );
  }
  const list = branches.data ?? [];
  if (list.length === 0) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-6">
        {back}
        <EmptyState
          title="Add a branch first"
          description="Every car is kept at one of your branches, where renters pick it up."
          action={
            <Button asChild>
              <Link to={COMPANY_PATHS.branches}>Add a branch</Link>
            </Button>
          }
        />
      </div>
    );
  }
  const c = id ? (car.data ?? null) : null;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title={c ? `${c.make} ${c.model}` : 'Add a car'} description={c ? 'Changes reach renters at once.' : 'Save the car, then add its photos.'} />
      {c?.status === 'hidden' && (
        <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
          Sojourn has hidden this car from renters{c.moderation_note ? `: “${c.moderation_note}”` : '.'} It cannot be changed until it is restored; write to support if you think this is a mistake.
        </p>
      )}
      <FormAlert tone="success">{saved}</FormAlert>
      <CarForm
        key={c?.id ?? 'new'}
        car={c}
        branches={list}
        submitLabel={c ? 'Save the car' : 'Add the car'}
        onSave={async (input) => {
          setSaved(null);
          const next = c ? await companyApi.saveCar(c.id, input) : await companyApi.addCar(input);
          qc.setQueryData(rentalKeys.fleetCar(next.id), next);
          void qc.invalidateQueries({ queryKey: rentalKeys.fleet });
          void qc.invalidateQueries({ queryKey: rentalKeys.dashboard });
          setSaved(c ? 'Saved.' : 'Car added. Now add its photos below.');
          if (!c) navigate(companyCarHref(next.id), { replace: true });
        }}
      />
      {c && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Photos</CardTitle>
            <CardDescription>JPEG, PNG or WebP up to 8 MB each. The first photo is the one renters see in the search.</CardDescription>
          </CardHeader>
          <CardContent>
            <CarPhotos car={c} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
