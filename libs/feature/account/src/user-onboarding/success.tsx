import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, Skeleton } from '@sojourn/ui';
import { PORTALS } from '@sojourn/util';
import { PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { usePersonalisation } from './api';
import { JourneyFrame } from './frame';
import { nextSteps } from './personal';

/** The end of the journey: a first step chosen by what the person is here for. */
export function SuccessPage() {
  const p = usePersonalisation();
  return (
    <JourneyFrame>
      <div className="grid justify-items-start gap-3">
        <PartyPopper className="size-10 text-primary" aria-hidden />
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">You are all set</h1>
        <p className="text-muted-foreground">Your Sojourn is ready. Here is a good place to start.</p>
      </div>
      {p.isPending ? (
        <Skeleton className="h-40 w-full rounded-xl" aria-label="Loading your suggestions" />
      ) : p.isError ? (
        <ErrorState error={p.error} onRetry={() => void p.refetch()} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {nextSteps(p.data.intents).map((s, i) => (
            <Card key={s.to} className={i === 0 ? 'border-primary sm:col-span-2' : undefined}>
              <CardHeader>
                <s.icon className="size-6 text-primary" aria-hidden />
                <CardTitle as="h2" className="text-base">
                  {s.title}
                </CardTitle>
                <CardDescription>{s.description}</CardDescription>
              </CardHeader>
              <CardContent>
                <Button asChild variant={i === 0 ? 'default' : 'outline'}>
                  <Link to={s.to}>{s.action}</Link>
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
      <Button asChild variant="ghost" className="w-fit">
        <Link to={PORTALS.user.homePath}>Go to your dashboard</Link>
      </Button>
    </JourneyFrame>
  );
}
