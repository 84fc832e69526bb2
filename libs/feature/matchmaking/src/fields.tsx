import { Avatar, Progress } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { Check } from 'lucide-react';
import type * as React from 'react';
import type { MatchPerson } from './api';

type Options = Record<string, string> | { id: string; label: string }[];
const entries = (o: Options): [string, string][] => (Array.isArray(o) ? o.map((x) => [x.id, x.label]) : Object.entries(o));

/** A group of pill-shaped choices over native radios (one) or checkboxes (many): keyboard and screen reader friendly. */
export function ChoiceGroup({
  legend,
  name,
  options,
  value,
  onChange,
  multiple = false,
  error,
  hint,
}: {
  legend: string;
  name: string;
  options: Options;
  value: string | string[] | undefined;
  onChange: (v: string | string[]) => void;
  multiple?: boolean;
  error?: string | undefined;
  hint?: string;
}) {
  const selected = new Set(Array.isArray(value) ? value : value ? [value] : []);
  const errId = `${name}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {hint && <p className="-mt-1 text-sm text-muted-foreground">{hint}</p>}
      <div className="flex flex-wrap gap-2">
        {entries(options).map(([id, text]) => {
          const on = selected.has(id);
          return (
            <label
              key={id}
              className={cn(
                'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-4 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                on ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
              )}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={id}
                checked={on}
                className="sr-only"
                onChange={() => {
                  if (!multiple) return onChange(id);
                  const next = new Set(selected);
                  if (next.has(id)) next.delete(id);
                  else next.add(id);
                  onChange(entries(options).map(([k]) => k).filter((k) => next.has(k)));
                }}
              />
              {multiple && on && <Check className="size-4" aria-hidden />}
              {text}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** "Step 3 of 11" with a bar. */
export function JourneyProgress({ label, index, total }: { label: string; index: number; total: number }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-muted-foreground">
        {label} {index + 1} of {total}
      </p>
      <Progress value={((index + 1) / total) * 100} label={`${label} ${index + 1} of ${total}`} />
    </div>
  );
}

/** A person's photo (or the default picture), name and age, and place. */
export function PersonLine({ person, size = 'md', children }: { person: MatchPerson; size?: 'sm' | 'md' | 'lg'; children?: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar src={person.avatar_url || null} name={person.display_name} size={size} />
      <div className="min-w-0">
        <p className="truncate font-semibold">
          {person.display_name}
          {person.age !== null && <span className="font-normal text-muted-foreground">, {person.age}</span>}
        </p>
        {person.place && <p className="truncate text-sm text-muted-foreground">{person.place}</p>}
        {children}
      </div>
    </div>
  );
}
