import { Card, CardContent, CardDescription, CardHeader, CardTitle, Progress, Skeleton } from '@sojourn/ui';
import { fieldLabel, type PortalId } from '@sojourn/util';
import { CheckCircle2 } from 'lucide-react';
import { useCompleteness } from '../hooks';
import { usePortal } from '../portal-context';

/** Why a complete profile matters, told to the people who work in each portal: when complete, and while not yet. */
export const COMPLETENESS_COPY: Record<PortalId, { done: string; todo: string }> = {
  user: {
    done: 'Everything is filled in. People you book with see a full picture of you.',
    todo: 'A complete profile helps hosts, guides and practitioners get to know you.',
  },
  vendor: {
    done: 'Everything is filled in. Buyers see who is behind your shop before they order.',
    todo: 'A complete profile helps buyers trust your shop before they order.',
  },
  therapy: {
    done: 'Everything is filled in. Clients see who you are and how you work before they book.',
    todo: 'A complete profile, with your licence and specialties, helps clients choose you with confidence.',
  },
  coach: {
    done: 'Everything is filled in. Clients see who you are and what you coach before they book.',
    todo: 'A complete profile, with your specialties, helps clients choose you with confidence.',
  },
  tour: {
    done: 'Everything is filled in. Travellers see who will guide them before they book.',
    todo: 'A complete profile, with your languages and specialties, helps travellers choose you as their guide.',
  },
  'car-rental': {
    done: 'Everything is filled in. Renters see who they are renting from before they book.',
    todo: 'A complete profile, with your business name, helps renters trust your company.',
  },
  'car-dealer': {
    done: 'Everything is filled in. Buyers see who they are buying from before they get in touch.',
    todo: 'A complete profile, with your business name and licence, helps buyers trust your dealership.',
  },
  affiliate: {
    done: 'Everything is filled in. Partners and the people you refer see who is recommending Sojourn.',
    todo: 'A complete profile helps the people you refer trust your recommendation.',
  },
  writer: {
    done: 'Everything is filled in. Readers see who wrote each story.',
    todo: 'A complete profile helps readers get to know the writer behind each story.',
  },
  admin: {
    done: 'Everything is filled in. Members and providers you help see who they are dealing with.',
    todo: 'A complete profile tells members and providers which member of the Sojourn team is helping them.',
  },
};

/** Completeness bar plus the list of what is missing; each item jumps to that field. */
export function CompletenessCard({ onPickField }: { onPickField: (field: string) => void }) {
  const { data, isLoading } = useCompleteness();
  const copy = COMPLETENESS_COPY[usePortal().id];
  if (isLoading || !data) {
    return (
      <Card>
        <CardHeader>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-2.5 w-full" />
        </CardHeader>
      </Card>
    );
  }
  const done = data.completeness >= 100;
  return (
    <Card>
      <CardHeader className="pb-4">
        <div className="flex items-baseline justify-between gap-2">
          <CardTitle as="h2">Profile {data.completeness}% complete</CardTitle>
          {done && <CheckCircle2 className="size-5 text-success" aria-hidden />}
        </div>
        <Progress value={data.completeness} label="Profile completeness" />
        <CardDescription>
          {done ? copy.done : copy.todo}
        </CardDescription>
      </CardHeader>
      {!done && data.missingFields.length > 0 && (
        <CardContent>
          <p className="mb-2 text-sm font-medium">Still missing</p>
          <ul className="flex flex-wrap gap-2">
            {data.missingFields.map((f) => (
              <li key={f}>
                <button
                  type="button"
                  onClick={() => onPickField(f)}
                  className="rounded-full border border-dashed border-primary/60 px-3 py-1 text-sm text-primary hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  + {fieldLabel(f)}
                </button>
              </li>
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}
