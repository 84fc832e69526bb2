import { Button, Card, CardContent, ErrorState, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { EyeOff, Heart, MapPin, ShieldCheck, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { matchmakingApi, matchmakingKeys } from '../api';
import { OptInButton } from '../opt-in';
import { MATCHMAKING_PATH, PREFERENCES_PATH, STEPS, resumePath } from '../steps';

const POINTS = [
  { icon: SlidersHorizontal, title: 'Eleven short steps and eight questions', text: 'What you look for, a little about you, and how much each answer matters. Change any of it later.' },
  { icon: Heart, title: 'A match accuracy and the reasons', text: 'Each person shows how well you fit both ways, and why. Like or pass; a mutual like opens a conversation.' },
  { icon: MapPin, title: 'City only, never your exact location', text: 'Others see your city and a rounded distance between home cities. Nothing more.' },
  { icon: ShieldCheck, title: 'You stay in control', text: 'Hide, block or report anyone. Pause whenever you like, or opt out: nobody sees you until you come back.' },
  { icon: EyeOff, title: 'Only adults who opted in', text: 'Everyone taking part is 18 or older, from the date of birth in their profile.' },
];

/** /user-preferences/onboard: what matchmaking is, safety and privacy, opting in, then step one. */
export default function MatchmakingOnboardPage() {
  const me = useQuery({ queryKey: matchmakingKeys.me, queryFn: matchmakingApi.me });
  const next = me.data ? (resumePath(me.data) ?? MATCHMAKING_PATH) : `${PREFERENCES_PATH}/${STEPS[0]!.slug}`;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Meet people who travel and live like you</h1>
        <p className="text-muted-foreground">
          Matchmaking suggests people whose answers fit yours, each with a match accuracy and the reasons behind it.
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <ul className="grid gap-5 sm:grid-cols-2">
            {POINTS.map((p) => (
              <li key={p.title} className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden>
                  <p.icon className="size-5" />
                </span>
                <div className="grid gap-0.5">
                  <p className="font-medium">{p.title}</p>
                  <p className="text-sm text-muted-foreground">{p.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {me.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : me.isError ? (
        <ErrorState title="We could not load your matchmaking state" error={me.error} onRetry={() => void me.refetch()} />
      ) : me.data.opted_in ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground">You are taking part.</p>
          <Button asChild>
            <Link to={next}>{me.data.complete ? 'See your matches' : 'Continue your preferences'}</Link>
          </Button>
        </div>
      ) : (
        <OptInButton removed={me.data.removed} then={next} label="Opt in and start" />
      )}
    </div>
  );
}
