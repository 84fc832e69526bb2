import { errorMessage } from '@sojourn/api-client';
import { Button, ErrorState, FormAlert, Input, inputClass, Label, PageHeader, Skeleton, Textarea, applyServerErrors } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { speedApi, speedKeys, type SpeedEvent } from '../api';
import { AUDIENCES, emptyForm, formFromEvent, timeZones, toInput, type EventFormValues } from '../logic';
import { ADMIN_SPEED_DATING_PATH, adminEventHref } from '../paths';

/** The API's field names -> the form's. */
const RENAME: Record<string, keyof EventFormValues> = {
  starts_at: 'starts_local',
  round_seconds: 'round_minutes',
  'price.amount': 'price',
  'price.currency': 'price',
};
const FIELDS: (keyof EventFormValues)[] = ['title', 'description', 'starts_local', 'time_zone', 'rounds', 'round_minutes', 'changeover_seconds', 'audience', 'age_min', 'age_max', 'capacity', 'min_participants', 'price'];

/** /admin-dashboard/speed-dating/new and /:id/edit: every field of the event, checked here as the API checks it, the API's 422 beside its field. */
export default function AdminSpeedFormPage() {
  const { id } = useParams();
  const existing = useQuery({ queryKey: speedKeys.adminEvent(id ?? ''), queryFn: () => speedApi.adminEvent(id!), enabled: !!id, retry: false });
  if (id && existing.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-3xl" />;
  if (id && (existing.isError || !existing.data)) return <ErrorState title="This event could not be loaded" error={existing.error} onRetry={() => void existing.refetch()} />;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={id ? 'Edit event' : 'New speed-dating event'} description={id ? 'Changes are possible until the event starts. The price can change only while no ticket is sold; the capacity never below the seats taken.' : 'Members see it on /speed-dating as soon as it is saved.'} />
      <EventForm event={existing.data?.event} />
    </div>
  );
}

function Field({ id, label, hint, error, children, className }: { id: string; label: string; hint?: ReactNode; error?: string | undefined; children: ReactNode; className?: string }) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function EventForm({ event }: { event?: SpeedEvent | undefined }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const zones = useMemo(() => timeZones(), []);
  const defaults = useMemo(() => (event ? formFromEvent(event) : emptyForm(Date.now())), [event]);
  const form = useForm<EventFormValues>({ defaultValues: defaults });
  const { register, formState, setError, watch } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: Parameters<typeof speedApi.create>[0]) => (event ? speedApi.update(event.id, input) : speedApi.create(input)),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: speedKeys.all });
      toast.success(event ? 'Event saved.' : 'Event created.');
      navigate(adminEventHref(r.event.id));
    },
    onError: (e) => setFormError(applyServerErrors(e, setError, FIELDS, RENAME)),
  });
  const submit = form.handleSubmit((v) => {
    setFormError(null);
    const r = toInput(v);
    if (r.errors) {
      for (const [k, msg] of Object.entries(r.errors)) setError((RENAME[k] ?? k) as keyof EventFormValues, { type: 'manual', message: msg });
      return;
    }
    save.mutate(r.input);
  });
  const err = (k: keyof EventFormValues) => formState.errors[k]?.message;
  const aria = (k: keyof EventFormValues, hint = false) => ({
    'aria-invalid': err(k) ? true : undefined,
    'aria-describedby': err(k) ? `${k}-error` : hint ? `${k}-hint` : undefined,
  });
  const reg = (k: keyof EventFormValues): UseFormRegisterReturn => register(k);
  const audience = watch('audience');
  const sold = !!event && event.capacity - event.seats_left > 0;
  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label={event ? 'Edit event' : 'New event'}>
      <fieldset className="grid gap-4 rounded-2xl border bg-card p-5">
        <legend className="px-1 text-sm font-semibold">The event</legend>
        <Field id="title" label="Title" error={err('title')}>
          <Input id="title" maxLength={120} {...reg('title')} {...aria('title')} />
        </Field>
        <Field id="description" label="Description" hint="What the evening is like and who it is for (up to 2,000 characters)." error={err('description')}>
          <Textarea id="description" rows={4} maxLength={2000} {...reg('description')} {...aria('description', true)} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="starts_local" label="Starts" hint="In the event’s time zone." error={err('starts_local')}>
            <Input id="starts_local" type="datetime-local" {...reg('starts_local')} {...aria('starts_local', true)} />
          </Field>
          <Field id="time_zone" label="Time zone" error={err('time_zone')}>
            <select id="time_zone" className={cn(inputClass, 'appearance-auto')} {...reg('time_zone')} {...aria('time_zone')}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-2xl border bg-card p-5">
        <legend className="px-1 text-sm font-semibold">Rounds</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="rounds" label="Rounds" hint="1 to 12." error={err('rounds')}>
            <Input id="rounds" inputMode="numeric" {...reg('rounds')} {...aria('rounds', true)} />
          </Field>
          <Field id="round_minutes" label="Minutes per date" hint="1 to 30." error={err('round_minutes')}>
            <Input id="round_minutes" inputMode="decimal" {...reg('round_minutes')} {...aria('round_minutes', true)} />
          </Field>
          <Field id="changeover_seconds" label="Changeover (seconds)" hint="10 to 300, between dates." error={err('changeover_seconds')}>
            <Input id="changeover_seconds" inputMode="numeric" {...reg('changeover_seconds')} {...aria('changeover_seconds', true)} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-2xl border bg-card p-5">
        <legend className="px-1 text-sm font-semibold">Who it is for</legend>
        <Field id="audience" label="Audience" hint={AUDIENCES.find((a) => a.value === audience)?.hint} error={err('audience')}>
          <select id="audience" className={cn(inputClass, 'appearance-auto')} {...reg('audience')} {...aria('audience', true)}>
            {AUDIENCES.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="age_min" label="Youngest age" error={err('age_min')}>
            <Input id="age_min" inputMode="numeric" {...reg('age_min')} {...aria('age_min')} />
          </Field>
          <Field id="age_max" label="Oldest age" error={err('age_max')}>
            <Input id="age_max" inputMode="numeric" {...reg('age_max')} {...aria('age_max')} />
          </Field>
          <Field id="capacity" label="Capacity" hint={audience === 'women_men' ? '3 to 40 and even: half the seats for each group.' : '3 to 40 people.'} error={err('capacity')}>
            <Input id="capacity" inputMode="numeric" {...reg('capacity')} {...aria('capacity', true)} />
          </Field>
          <Field id="min_participants" label="Minimum to run" hint="The host can start once this many tickets are confirmed." error={err('min_participants')}>
            <Input id="min_participants" inputMode="numeric" {...reg('min_participants')} {...aria('min_participants', true)} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-2xl border bg-card p-5">
        <legend className="px-1 text-sm font-semibold">Ticket</legend>
        <Field id="price" label="Price (NGN)" hint={sold ? 'Tickets are sold, so the price stays as it is.' : 'In naira; 0 makes the event free.'} error={err('price')} className="sm:max-w-xs">
          <Input id="price" inputMode="decimal" readOnly={sold} {...reg('price')} {...aria('price', true)} />
        </Field>
      </fieldset>

      {formError && <FormAlert>{formError}</FormAlert>}
      {save.isError && !formError && Object.keys(formState.errors).length === 0 && <FormAlert>{errorMessage(save.error)}</FormAlert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline">
          <Link to={event ? adminEventHref(event.id) : ADMIN_SPEED_DATING_PATH}>Cancel</Link>
        </Button>
        <Button type="submit" loading={save.isPending}>
          {event ? 'Save changes' : 'Create event'}
        </Button>
      </div>
    </form>
  );
}
