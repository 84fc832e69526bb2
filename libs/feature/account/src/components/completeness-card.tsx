import { Card, CardContent, CardDescription, CardHeader, CardTitle, Progress, Skeleton } from '@sojourn/ui';
import { fieldLabel } from '@sojourn/util';
import { CheckCircle2 } from 'lucide-react';
import { useCompleteness } from '../hooks';

/** Completeness bar plus the list of what is missing; each item jumps to that field. */
export function CompletenessCard({ onPickField }: { onPickField: (field: string) => void }) {
  const { data, isLoading } = useCompleteness();
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
          {done ? 'Everything is filled in. People you book with see a full picture of you.' : 'A complete profile helps hosts, guides and practitioners get to know you.'}
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
