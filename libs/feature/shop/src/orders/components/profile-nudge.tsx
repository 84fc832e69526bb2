import { sessionApi, useCompletenessStore } from '@sojourn/session';
import { Button, Card, Progress } from '@sojourn/ui';
import { fieldLabel, PORTALS } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';

/**
 * The vendor's profile completeness on the dashboard, compact: shown only while something is missing, with the
 * missing fields named and a link to the profile editor. Buyers see the profile next to every product.
 */
export function ProfileNudge() {
  const setCompleteness = useCompletenessStore((s) => s.setCompleteness);
  // The account feature's key for the same answer, so a profile saved there refreshes this card too.
  const q = useQuery({
    queryKey: ['account', 'completeness'],
    queryFn: () => sessionApi.completeness().then((r) => r.data),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (q.data) setCompleteness(q.data.completeness, q.data.missingFields);
  }, [q.data, setCompleteness]);
  if (!q.data || q.data.completeness >= 100) return null;
  const missing = q.data.missingFields.map(fieldLabel);
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 flex-1 gap-2">
        <p className="font-medium">Your profile is {q.data.completeness}% complete</p>
        <Progress value={q.data.completeness} label="Profile completeness" className="h-2 max-w-md" />
        <p className="text-sm text-muted-foreground">
          Buyers see your profile next to your products. Still missing: {missing.join(', ')}.
        </p>
      </div>
      <Button asChild variant="outline" className="shrink-0">
        <Link to={`${PORTALS.vendor.profilePath}?tab=edit&field=${q.data.missingFields[0] ?? ''}`}>Finish your profile</Link>
      </Button>
    </Card>
  );
}
