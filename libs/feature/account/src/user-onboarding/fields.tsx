import { errorMessage } from '@sojourn/api-client';
import { Avatar, Button, Input, Label, TagInput } from '@sojourn/ui';
import { cn, countryOptions } from '@sojourn/util';
import { Check } from 'lucide-react';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { profileApi } from '../api';
import { GENDERS, INTENTS, NOTIFY_CATEGORIES, PRIVACY, TRAVEL_STYLES, WELLNESS_GOALS, browserTimeZone, type StepData, type StepSlug } from './model';

export interface StepFieldsProps {
  slug: StepSlug;
  data: StepData;
  onChange: (data: StepData) => void;
  errors: Record<string, string>;
  signedIn: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The error of a field, or of any of its items (`languages[2]`). */
function fieldError(errors: Record<string, string>, name: string): string | undefined {
  return errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}[`))?.[1];
}

function ErrorText({ id, children }: { id: string; children?: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

/** Several choices as toggle cards (native checkboxes inside labels, so they read as a group of checkboxes). */
function ChoiceGroup({
  legend,
  options,
  value,
  onChange,
  error,
  columns = 2,
}: {
  legend: string;
  options: readonly { value: string; label: string; hint?: string }[];
  value: string[];
  onChange: (v: string[]) => void;
  error?: string | undefined;
  columns?: 1 | 2;
}) {
  const errId = useId();
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errId : undefined}>
      <legend className="mb-3 text-sm font-medium">{legend}</legend>
      <div className={cn('grid gap-3', columns === 2 && 'sm:grid-cols-2')}>
        {options.map((o) => {
          const on = value.includes(o.value);
          return (
            <label
              key={o.value}
              className={cn(
                'flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                on ? 'border-primary bg-primary/10' : 'hover:bg-accent',
              )}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={on}
                onChange={() => onChange(on ? value.filter((v) => v !== o.value) : [...value, o.value])}
              />
              <span aria-hidden className={cn('mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border', on ? 'border-primary bg-primary text-primary-foreground' : 'border-input')}>
                {on && <Check className="size-3.5" />}
              </span>
              <span className="grid gap-0.5">
                <span className="font-medium">{o.label}</span>
                {o.hint && <span className="text-muted-foreground">{o.hint}</span>}
              </span>
            </label>
          );
        })}
      </div>
      <ErrorText id={errId}>{error}</ErrorText>
    </fieldset>
  );
}

function RadioChoices({
  legend,
  name,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const errId = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === o.value ? 'border-primary bg-primary/10 font-medium' : 'hover:bg-accent',
            )}
          >
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="size-4 accent-[var(--primary)]" />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorText id={errId}>{error}</ErrorText>
    </fieldset>
  );
}

function TextField({ label, value, onChange, error, hint, ...rest }: { label: string; value: string; onChange: (v: string) => void; error?: string | undefined; hint?: ReactNode } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-e` : undefined} {...rest} />
      {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      <ErrorText id={`${id}-e`}>{error}</ErrorText>
    </div>
  );
}

function SelectField({ label, value, onChange, error, options }: { label: string; value: string; onChange: (v: string) => void; error?: string | undefined; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-e` : undefined}
        className="h-11 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-e`}>{error}</ErrorText>
    </div>
  );
}

function TagsField({ label, value, onChange, error, placeholder, suggestions }: { label: string; value: string[]; onChange: (v: string[]) => void; error?: string | undefined; placeholder: string; suggestions: string[] }) {
  const id = useId();
  const rest = suggestions.filter((s) => !value.some((v) => v.toLowerCase() === s.toLowerCase()));
  return (
    <div className="grid gap-3">
      <Label htmlFor={id}>{label}</Label>
      <TagInput id={id} value={value} onChange={onChange} placeholder={placeholder} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-e` : `${id}-h`} />
      <p id={`${id}-h`} className="text-sm text-muted-foreground">
        Type and press Enter, or pick from the suggestions.
      </p>
      {rest.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Suggestions">
          {rest.map((s) => (
            <li key={s}>
              <Button type="button" variant="outline" size="sm" onClick={() => onChange([...value, s])}>
                + {s}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorText id={`${id}-e`}>{error}</ErrorText>
    </div>
  );
}

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const list = intl.supportedValuesOf?.('timeZone') ?? ['Africa/Lagos', 'Africa/Accra', 'Africa/Nairobi', 'Africa/Johannesburg', 'Europe/London'];
  const here = browserTimeZone();
  return [...new Set(['UTC', here, ...list])];
}

function PhotoField({ url, name, onChange, signedIn }: { url: string; name: string; onChange: (url: string) => void; signedIn: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (!signedIn) {
    return (
      <div className="grid gap-1 rounded-lg border border-dashed p-4 text-sm">
        <p className="font-medium">Photo</p>
        <p className="text-muted-foreground">You can add a photo once you have an account, in a moment.</p>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Photo (optional)</Label>
      <div className="flex items-center gap-4">
        <Avatar src={url || null} name={name || 'Your photo'} size="lg" />
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          className="sr-only"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setBusy(true);
            setError(null);
            try {
              const r = await profileApi.uploadAvatar(file);
              onChange(r.data.avatar_url ?? '');
            } catch (err) {
              setError(errorMessage(err));
            } finally {
              setBusy(false);
              e.target.value = '';
            }
          }}
        />
        <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={busy} aria-describedby={`${id}-h`}>
          {busy ? 'Uploading…' : url ? 'Change photo' : 'Upload a photo'}
        </Button>
      </div>
      <p id={`${id}-h`} className="text-sm text-muted-foreground">
        JPEG, PNG, GIF or WebP, up to 5 MB.
      </p>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </div>
  );
}

const LANGUAGE_SUGGESTIONS = ['English', 'French', 'Yoruba', 'Igbo', 'Hausa', 'Swahili', 'Twi', 'Arabic', 'Portuguese'];
const INTEREST_SUGGESTIONS = ['beach holidays', 'hiking', 'yoga', 'street food', 'photography', 'music festivals', 'art', 'reading'];

/** The answers of one step. */
export function StepFields({ slug, data, onChange, errors, signedIn }: StepFieldsProps) {
  const set = (k: string) => (v: unknown) => onChange({ ...data, [k]: v });
  const countries = useMemo(() => countryOptions().map((c) => ({ value: c.code, label: c.name })), []);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), []);
  switch (slug) {
    case 'intent':
      return <ChoiceGroup legend="I'm here for (choose as many as you like)" options={INTENTS} value={strs(data.intents)} onChange={set('intents')} error={fieldError(errors, 'intents')} />;
    case 'one':
      return (
        <div className="grid gap-5">
          <TextField label="Your name" hint="How people on Sojourn see you." autoComplete="name" maxLength={80} value={str(data.display_name)} onChange={set('display_name')} error={errors.display_name} />
          <PhotoField url={str(data.avatar_url)} name={str(data.display_name)} onChange={set('avatar_url')} signedIn={signedIn} />
          {errors.avatar_url && <p className="text-sm font-medium text-destructive">Photo: {errors.avatar_url}</p>}
        </div>
      );
    case 'two': {
      const today = new Date();
      const max = new Date(today.getFullYear() - 13, today.getMonth(), today.getDate()).toISOString().slice(0, 10);
      const min = `${today.getFullYear() - 120}-01-01`;
      return <TextField label="Date of birth" type="date" min={min} max={max} hint="You must be at least 13. Only your age is ever shown." value={str(data.date_of_birth)} onChange={set('date_of_birth')} error={errors.date_of_birth} />;
    }
    case 'three':
      return <RadioChoices legend="Gender" name="gender" options={GENDERS} value={str(data.gender)} onChange={set('gender')} error={errors.gender} />;
    case 'four':
      return (
        <div className="grid gap-5">
          <TextField label="Home city" autoComplete="address-level2" maxLength={100} value={str(data.city)} onChange={set('city')} error={errors.city} />
          <SelectField label="Country" value={str(data.country)} onChange={set('country')} options={countries} error={errors.country} />
          <SelectField label="Time zone" value={str(data.time_zone)} onChange={set('time_zone')} options={zones} error={errors.time_zone} />
        </div>
      );
    case 'five':
      return <TagsField label="Languages" placeholder="Add a language" suggestions={LANGUAGE_SUGGESTIONS} value={strs(data.languages)} onChange={set('languages')} error={fieldError(errors, 'languages')} />;
    case 'six':
      return <TagsField label="Interests" placeholder="Add an interest" suggestions={INTEREST_SUGGESTIONS} value={strs(data.interests)} onChange={set('interests')} error={fieldError(errors, 'interests')} />;
    case 'seven':
      return <ChoiceGroup legend="When I travel, I like (optional)" options={TRAVEL_STYLES} value={strs(data.travel_styles)} onChange={set('travel_styles')} error={fieldError(errors, 'travel_styles')} />;
    case 'eight':
      return <ChoiceGroup legend="I'd like to work on (optional)" options={WELLNESS_GOALS} value={strs(data.wellness_goals)} onChange={set('wellness_goals')} error={fieldError(errors, 'wellness_goals')} />;
    case 'nine':
      return (
        <ChoiceGroup
          legend="Email me about (everything also appears in your notifications)"
          options={NOTIFY_CATEGORIES}
          value={strs(data.email)}
          onChange={set('email')}
          error={fieldError(errors, 'email')}
        />
      );
    case 'ten':
      return (
        <div className="grid gap-6">
          {(Object.keys(PRIVACY) as (keyof typeof PRIVACY)[]).map((k) => (
            <RadioChoices key={k} legend={PRIVACY[k].label} name={k} options={PRIVACY[k].options} value={str(data[k])} onChange={set(k)} error={errors[k]} />
          ))}
        </div>
      );
    case 'eleven':
      return null;
  }
}
