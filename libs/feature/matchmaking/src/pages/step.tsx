import { errorMessage, isApiError } from '@sojourn/api-client';
import { Button, Card, CardContent, ErrorState, FormAlert, Input, Label, Skeleton, Switch, TagInput } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { matchmakingApi, matchmakingKeys, type MatchMe, type MatchPreferences, type MatchStepName } from '../api';
import { ChoiceGroup, JourneyProgress } from '../fields';
import {
  ACTIVITY,
  ANYWHERE_KM,
  DEALBREAKERS,
  DIETS,
  DRINKING,
  FAITHS,
  GENDERS,
  INTENTS,
  PREFERENCES_PATH,
  SMOKING,
  STEPS,
  TRAVEL_FREQUENCY,
  TRAVEL_STYLES,
  WANTS_CHILDREN,
  afterStep,
  beforeStep,
  stepBySlug,
} from '../steps';

/** The fields each step sends (every one required by the API). */
const FIELDS: Record<MatchStepName, (keyof MatchPreferences)[]> = {
  intent: ['intent'],
  age: ['age_min', 'age_max'],
  distance: ['max_distance_km'],
  genders: ['genders'],
  languages: ['languages'],
  lifestyle: ['smoking', 'drinking', 'diet', 'activity'],
  faith: ['faith', 'same_faith'],
  children: ['has_children', 'wants_children'],
  travel: ['travel_style', 'travel_frequency'],
  interests: ['interests'],
  dealbreakers: ['dealbreakers'],
};

const DEFAULTS: MatchPreferences = {
  age_min: 25,
  age_max: 45,
  max_distance_km: 100,
  genders: [],
  languages: [],
  same_faith: false,
  has_children: false,
  interests: [],
  dealbreakers: [],
};

/** Only the step's own fields, defaults filled in. */
export function stepBody(step: MatchStepName, v: MatchPreferences): MatchPreferences {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS[step]) out[f] = v[f] ?? DEFAULTS[f];
  return out as MatchPreferences;
}

/** The client-side check before sending: what is missing, by field. */
export function stepProblems(step: MatchStepName, v: MatchPreferences): Partial<Record<keyof MatchPreferences, string>> {
  const p: Partial<Record<keyof MatchPreferences, string>> = {};
  for (const f of FIELDS[step]) if (v[f] === undefined && DEFAULTS[f] === undefined) p[f] = 'Choose one.';
  if (step === 'genders' && !(v.genders ?? []).length) p.genders = 'Choose at least one.';
  if (step === 'age') {
    const lo = v.age_min ?? 0;
    const hi = v.age_max ?? 0;
    if (!(lo >= 18 && lo <= 99)) p.age_min = 'Between 18 and 99.';
    if (!(hi >= 18 && hi <= 99)) p.age_max = 'Between 18 and 99.';
    else if (hi < lo) p.age_max = 'At least the youngest age.';
  }
  return p;
}

const DISTANCES = [10, 25, 50, 100, 250, 500, 1000, ANYWHERE_KM];

function StepFields({ step, v, set, errors }: { step: MatchStepName; v: MatchPreferences; set: (p: MatchPreferences) => void; errors: Record<string, string> }) {
  const err = (k: string) => errors[k];
  switch (step) {
    case 'intent':
      return <ChoiceGroup legend="I am looking for" name="intent" options={INTENTS} value={v.intent} onChange={(x) => set({ intent: x as MatchPreferences['intent'] })} error={err('intent')} />;
    case 'age':
      return (
        <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
          {(['age_min', 'age_max'] as const).map((k) => (
            <div key={k} className="grid gap-1.5">
              <Label htmlFor={k}>{k === 'age_min' ? 'From' : 'To'}</Label>
              <Input
                id={k}
                type="number"
                inputMode="numeric"
                min={18}
                max={99}
                value={v[k] ?? ''}
                aria-invalid={err(k) ? true : undefined}
                aria-describedby={err(k) ? `${k}-error` : undefined}
                onChange={(e) => set({ [k]: e.target.value === '' ? undefined : Number(e.target.value) })}
              />
              {err(k) && (
                <p id={`${k}-error`} className="text-sm text-destructive">
                  {err(k)}
                </p>
              )}
            </div>
          ))}
        </div>
      );
    case 'distance':
      return (
        <ChoiceGroup
          legend="Home cities at most"
          name="max_distance_km"
          options={DISTANCES.map((d) => ({ id: String(d), label: d >= ANYWHERE_KM ? 'Anywhere' : `${d} km` }))}
          value={v.max_distance_km === undefined ? undefined : String(v.max_distance_km)}
          onChange={(x) => set({ max_distance_km: Number(x) })}
          error={err('max_distance_km')}
        />
      );
    case 'genders':
      return <ChoiceGroup legend="I would like to meet" name="genders" multiple options={GENDERS} value={v.genders} onChange={(x) => set({ genders: x as MatchPreferences['genders'] })} error={err('genders')} />;
    case 'languages':
    case 'interests': {
      const k = step;
      return (
        <div className="grid gap-1.5">
          <Label htmlFor={k}>{k === 'languages' ? 'Languages (press Enter after each)' : 'Interests (press Enter after each)'}</Label>
          <TagInput
            id={k}
            value={v[k] ?? []}
            onChange={(x) => set({ [k]: x })}
            max={k === 'languages' ? 10 : 20}
            placeholder={k === 'languages' ? 'English, Yoruba…' : 'Hiking, jazz, cooking…'}
            aria-invalid={err(k) ? true : undefined}
          />
          {err(k) && <p className="text-sm text-destructive">{err(k)}</p>}
        </div>
      );
    }
    case 'lifestyle':
      return (
        <div className="grid gap-6">
          <ChoiceGroup legend="I smoke" name="smoking" options={SMOKING} value={v.smoking} onChange={(x) => set({ smoking: x as MatchPreferences['smoking'] })} error={err('smoking')} />
          <ChoiceGroup legend="I drink" name="drinking" options={DRINKING} value={v.drinking} onChange={(x) => set({ drinking: x as MatchPreferences['drinking'] })} error={err('drinking')} />
          <ChoiceGroup legend="I eat" name="diet" options={DIETS} value={v.diet} onChange={(x) => set({ diet: x as MatchPreferences['diet'] })} error={err('diet')} />
          <ChoiceGroup legend="How active I am" name="activity" options={ACTIVITY} value={v.activity} onChange={(x) => set({ activity: x as MatchPreferences['activity'] })} error={err('activity')} />
        </div>
      );
    case 'faith':
      return (
        <div className="grid gap-6">
          <ChoiceGroup legend="My faith" name="faith" options={FAITHS} value={v.faith} onChange={(x) => set({ faith: x as MatchPreferences['faith'] })} error={err('faith')} />
          <div className="flex items-center gap-3">
            <Switch id="same_faith" checked={v.same_faith ?? false} onCheckedChange={(c) => set({ same_faith: c })} />
            <Label htmlFor="same_faith">A match who shares my faith counts for me</Label>
          </div>
        </div>
      );
    case 'children':
      return (
        <div className="grid gap-6">
          <ChoiceGroup
            legend="I have children"
            name="has_children"
            options={{ yes: 'Yes', no: 'No' }}
            value={v.has_children === undefined ? undefined : v.has_children ? 'yes' : 'no'}
            onChange={(x) => set({ has_children: x === 'yes' })}
            error={err('has_children')}
          />
          <ChoiceGroup legend="Children in the future" name="wants_children" options={WANTS_CHILDREN} value={v.wants_children} onChange={(x) => set({ wants_children: x as MatchPreferences['wants_children'] })} error={err('wants_children')} />
        </div>
      );
    case 'travel':
      return (
        <div className="grid gap-6">
          <ChoiceGroup legend="My travel style" name="travel_style" options={TRAVEL_STYLES} value={v.travel_style} onChange={(x) => set({ travel_style: x as MatchPreferences['travel_style'] })} error={err('travel_style')} />
          <ChoiceGroup legend="I travel" name="travel_frequency" options={TRAVEL_FREQUENCY} value={v.travel_frequency} onChange={(x) => set({ travel_frequency: x as MatchPreferences['travel_frequency'] })} error={err('travel_frequency')} />
        </div>
      );
    case 'dealbreakers':
      return (
        <ChoiceGroup
          legend="A match must share"
          name="dealbreakers"
          multiple
          options={DEALBREAKERS}
          value={v.dealbreakers}
          onChange={(x) => set({ dealbreakers: x as MatchPreferences['dealbreakers'] })}
          hint="Leave everything unticked to let these count only towards the match accuracy."
          error={err('dealbreakers')}
        />
      );
  }
}

function StepForm({ me, step }: { me: MatchMe; step: MatchStepName }) {
  const index = STEPS.findIndex((s) => s.step === step);
  const info = STEPS[index]!;
  const saved = me.steps.find((s) => s.step === step)?.answer ?? null;
  const [v, setV] = useState<MatchPreferences>(() => ({ ...DEFAULTS, ...(saved ?? {}) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const qc = useQueryClient();
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: () => matchmakingApi.saveStep(step, stepBody(step, v)),
    onSuccess: (next) => {
      qc.setQueryData(matchmakingKeys.me, next);
      void qc.invalidateQueries({ queryKey: matchmakingKeys.candidates });
      navigate(afterStep(step));
    },
    onError: (e) => {
      if (isApiError(e) && e.hasFieldErrors) setErrors(e.fields);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const p = stepProblems(step, v) as Record<string, string>;
    setErrors(p);
    if (Object.keys(p).length === 0) save.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-6" noValidate aria-labelledby="step-title">
      <JourneyProgress label="Step" index={index} total={STEPS.length} />
      <div className="grid gap-1">
        <h1 id="step-title" className="text-2xl font-semibold tracking-tight">
          {info.title}
        </h1>
        <p className="text-muted-foreground">{info.intro}</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <StepFields step={step} v={v} set={(p) => setV((o) => ({ ...o, ...p }))} errors={errors} />
        </CardContent>
      </Card>
      {save.isError && <FormAlert>{errorMessage(save.error)}</FormAlert>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button asChild variant="ghost">
          <Link to={beforeStep(step)}>
            <ChevronLeft aria-hidden /> Back
          </Link>
        </Button>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={PREFERENCES_PATH}>Save later</Link>
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save and continue
          </Button>
        </div>
      </div>
    </form>
  );
}

/** /user-preferences/one … /eleven: one preference step. */
export default function PreferenceStepPage() {
  const { pathname } = useLocation();
  const info = stepBySlug(pathname.split('/').pop() ?? '');
  const me = useQuery({ queryKey: matchmakingKeys.me, queryFn: matchmakingApi.me });
  if (!info) return <Navigate to={PREFERENCES_PATH} replace />;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      {me.isPending ? (
        <Skeleton className="h-80 w-full" />
      ) : me.isError ? (
        <ErrorState title="We could not load your preferences" error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <StepForm key={info.step} me={me.data} step={info.step} />
      )}
    </div>
  );
}
