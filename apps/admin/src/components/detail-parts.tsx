import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@sojourn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { adminPracticeKeys, type AdminProviderDetail } from '../api/practice';

/** A moment in the viewer's own time zone, the zone named. */
const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
export const when = (v: string | null | undefined) => (v ? dateTime.format(new Date(v)) : '');

export function Section({ title, description, children, id }: { title: string; description?: React.ReactNode; children: React.ReactNode; id?: string }) {
  return (
    <Card id={id}>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-y-2">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="mb-2 break-words sm:mb-0">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** After a decision on a profile: the answer replaces the cached detail and every provider list refreshes. */
export function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return (next?: AdminProviderDetail) => {
    if (next) queryClient.setQueryData(adminPracticeKeys.detail(id), next);
    void queryClient.invalidateQueries({ queryKey: adminPracticeKeys.all });
  };
}
