import { zodResolver } from '@hookform/resolvers/zod';
import type { WizardStepProps } from '@sojourn/routing';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, Input, TagInput } from '@sojourn/ui';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { GUIDE_COUNTRIES, StepForm, TextField, selectClass, str, strs, useSaveStep } from './common';

const oneLine = (label: string) => (s: string) => !/[\n\r\t]/.test(s) || `${label} must be one line.`;

const personal = z.object({
  headline: z.string().trim().min(1, 'Write a headline travellers see first.').max(120, 'At most 120 characters.').refine(oneLine('The headline')),
  bio: z.string().trim().min(20, 'Tell travellers a little more (at least 20 characters).').max(2800, 'At most 2,800 characters.'),
});
type Personal = z.infer<typeof personal>;

/** Step one: how travellers meet the guide. */
export function PersonalStep(props: WizardStepProps) {
  const form = useForm<Personal>({ resolver: zodResolver(personal), defaultValues: { headline: str(props.data, 'headline'), bio: str(props.data, 'bio') } });
  const { problem, run } = useSaveStep(props, form, ['headline', 'bio']);
  return (
    <StepForm form={form} formId={props.formId} problem={problem} onValid={(v) => run(v)}>
      <TextField form={form} name="headline" label="Headline" hint="One line, e.g. “Lagos Island on foot, with the stories behind it”." input={{ maxLength: 120 }} />
      <TextField form={form} name="bio" label="About you" hint="Where you grew up, what you love showing people. Travellers read this on every tour." multiline rows={6} input={{ maxLength: 2800 }} />
    </StepForm>
  );
}

const langs = z.object({ languages: z.array(z.string().max(40)).min(1, 'Add at least one language you guide in.').max(10, 'At most 10 languages.') });
type Langs = z.infer<typeof langs>;
const COMMON = ['English', 'French', 'Arabic', 'Swahili', 'Yoruba', 'Hausa', 'Igbo', 'Twi', 'Zulu', 'Portuguese'];

/** Step two: the languages the guide leads tours in. */
export function LanguagesStep(props: WizardStepProps) {
  const form = useForm<Langs>({ resolver: zodResolver(langs), defaultValues: { languages: strs(props.data, 'languages') } });
  const { problem, run } = useSaveStep(props, form, ['languages']);
  return (
    <StepForm form={form} formId={props.formId} problem={problem} onValid={(v) => run(v)}>
      <FormField
        control={form.control}
        name="languages"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Languages you guide in</FormLabel>
            <FormControl>
              <TagInput value={field.value} onChange={field.onChange} max={10} placeholder="Type a language and press Enter" />
            </FormControl>
            <FormDescription>Travellers filter tours by language.</FormDescription>
            <div className="flex flex-wrap gap-2" aria-label="Common languages">
              {COMMON.filter((l) => !field.value.includes(l)).map((l) => (
                <button
                  key={l}
                  type="button"
                  className="rounded-full border px-3 py-1 text-sm hover:bg-accent"
                  disabled={field.value.length >= 10}
                  // The latest value, not this render's: a typed language the input adds on blur (the click blurs it) is kept.
                  onClick={() => {
                    const now = form.getValues('languages');
                    if (!now.includes(l) && now.length < 10) field.onChange([...now, l]);
                  }}
                >
                  + {l}
                </button>
              ))}
            </div>
            <FormMessage />
          </FormItem>
        )}
      />
    </StepForm>
  );
}

const areas = z.object({
  city: z.string().trim().min(1, 'Which city do your tours start in?').max(80, 'At most 80 characters.').refine(oneLine('The city')),
  country: z.string().length(2, 'Choose a country.'),
  time_zone: z.string().trim().min(1, 'Choose your time zone.').max(60),
  other_cities: z.array(z.string().max(80)).max(4, 'At most 4 other places.'),
});
type Areas = z.infer<typeof areas>;

/** Step three: the city the guide works from and other places they guide in. */
export function AreasStep(props: WizardStepProps) {
  const form = useForm<Areas>({
    resolver: zodResolver(areas),
    defaultValues: {
      city: str(props.data, 'city'),
      country: str(props.data, 'country', 'NG'),
      time_zone: str(props.data, 'time_zone', 'Africa/Lagos'),
      other_cities: strs(props.data, 'other_cities'),
    },
  });
  const { problem, run } = useSaveStep(props, form, ['city', 'country', 'time_zone', 'other_cities']);
  return (
    <StepForm form={form} formId={props.formId} problem={problem} onValid={(v) => run(v)}>
      <TextField form={form} name="city" label="Home city" hint="Where most of your tours start." input={{ maxLength: 80, autoComplete: 'address-level2' }} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="country"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Country</FormLabel>
              <FormControl>
                <select
                  className={selectClass}
                  {...field}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    const c = GUIDE_COUNTRIES.find((x) => x.code === e.target.value);
                    if (c) form.setValue('time_zone', c.zone);
                  }}
                >
                  {GUIDE_COUNTRIES.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="time_zone"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Time zone</FormLabel>
              <FormControl>
                <Input {...field} maxLength={60} />
              </FormControl>
              <FormDescription>Departure times are in this zone.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <FormField
        control={form.control}
        name="other_cities"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Other places you guide in (optional)</FormLabel>
            <FormControl>
              <TagInput value={field.value} onChange={field.onChange} max={4} placeholder="e.g. Badagry" />
            </FormControl>
            <FormDescription>Up to four towns or regions you also take travellers to.</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </StepForm>
  );
}

const experience = z.object({
  years: z.string().regex(/^\d{1,2}$/, 'A whole number of years, 0 to 70.').refine((s) => Number(s) <= 70, 'A whole number of years, 0 to 70.'),
  specialties: z.array(z.string().max(60)).min(1, 'Add at least one topic, such as history or food.').max(20, 'At most 20 topics.'),
  experience: z.string().trim().max(1000, 'At most 1,000 characters.'),
});
type Experience = z.infer<typeof experience>;

/** Step four: how long and what the guide guides. */
export function ExperienceStep(props: WizardStepProps) {
  const years = props.data?.['years'];
  const form = useForm<Experience>({
    resolver: zodResolver(experience),
    defaultValues: { years: typeof years === 'number' ? String(years) : '', specialties: strs(props.data, 'specialties'), experience: str(props.data, 'experience') },
  });
  const { problem, run } = useSaveStep(props, form, ['years', 'specialties', 'experience']);
  return (
    <StepForm form={form} formId={props.formId} problem={problem} onValid={(v) => run({ ...v, years: Number(v.years) })}>
      <TextField form={form} name="years" label="Years guiding" input={{ inputMode: 'numeric', maxLength: 2, className: 'max-w-32' }} />
      <FormField
        control={form.control}
        name="specialties"
        render={({ field }) => (
          <FormItem>
            <FormLabel>What your tours are about</FormLabel>
            <FormControl>
              <TagInput value={field.value} onChange={field.onChange} max={20} placeholder="history, food, wildlife…" />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <TextField form={form} name="experience" label="Experience (optional)" hint="Companies you guided for, trainings, certificates." multiline input={{ maxLength: 1000 }} />
    </StepForm>
  );
}
