import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  ErrorState,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  PageHeader,
  Skeleton,
  TagInput,
  Textarea,
  applyServerErrors,
  inputClass,
} from '@sojourn/ui';
import { countryOptions } from '@sojourn/util';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { licensed, practiceApi, practiceKeys, type PracticeFormat, type PracticeProfile, type PracticeProfileInput } from '../api';
import { LicenceDocuments } from '../components/licence-documents';
import { copyFor, type PracticeContext } from '../context';
import { viewerZone } from '../format';
import { profileSchema, type ProfileValues } from '../schemas';

const FIELDS = ['business_name', 'headline', 'bio', 'specialties', 'languages', 'city', 'country', 'time_zone', 'video', 'phone', 'in_person', 'address', 'intro_video_url', 'licence_number', 'issuing_body'] as const;

/** Every IANA zone the browser knows (with the profile's own, should the browser not list it). */
function zones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (k: string) => string[] };
  const list = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [viewerZone()];
  return current && !list.includes(current) ? [current, ...list] : list;
}

export function profileDefaults(p: PracticeProfile): ProfileValues {
  const inPerson = p.formats.find((f) => f.kind === 'in_person');
  return {
    business_name: p.business_name,
    headline: p.headline,
    bio: p.bio,
    specialties: p.specialties,
    languages: p.languages,
    city: p.city,
    country: p.country,
    time_zone: p.time_zone,
    video: p.formats.some((f) => f.kind === 'video'),
    phone: p.formats.some((f) => f.kind === 'phone'),
    in_person: Boolean(inPerson),
    address: inPerson?.address ?? '',
    intro_video_url: p.intro_video_url,
    licence_number: p.credentials.licence_number,
    issuing_body: p.credentials.issuing_body,
  };
}

export function toProfileBody(v: ProfileValues, p: PracticeProfile, kind: string): PracticeProfileInput {
  const formats: PracticeFormat[] = [];
  if (v.video) formats.push({ kind: 'video' });
  if (v.in_person) formats.push({ kind: 'in_person', address: v.address });
  if (v.phone) formats.push({ kind: 'phone' });
  return {
    // Businesses (rental companies, dealerships, tour outfits) go by a trading name; a therapist or coach by their own.
    ...(tradingName(kind) ? { business_name: v.business_name } : {}),
    headline: v.headline,
    bio: v.bio.trim(),
    specialties: v.specialties,
    languages: v.languages,
    city: v.city,
    country: v.country,
    time_zone: v.time_zone,
    formats,
    intro_video_url: v.intro_video_url,
    ...(licensed(kind) || v.licence_number || p.credentials.licence_number ? { licence_number: v.licence_number, issuing_body: v.issuing_body } : {}),
  };
}

/** The kinds whose profile offers a trading name. */
export function tradingName(kind: string) {
  return kind === 'car_rental' || kind === 'car_dealer' || kind === 'tour_guide';
}

export function VerificationBadge({ profile }: { profile: PracticeProfile }) {
  const v = profile.credentials.verification;
  const what = licensed(profile.kind) ? 'Licence' : 'Credential';
  if (v === 'verified') return <Badge variant="success">{what} verified</Badge>;
  if (v === 'pending') return <Badge variant="warning">Waiting for verification</Badge>;
  if (v === 'rejected') return <Badge variant="destructive">{what} not verified</Badge>;
  return <Badge variant="secondary">{what === 'Licence' ? 'No licence added' : 'None added'}</Badge>;
}

/** The profile form; `sections` picks which parts show (onboarding shows one part per step). */
export function ProfileForm({
  ctx,
  profile,
  sections = ['about', 'place', 'formats', 'licence', 'video'],
  submitLabel = 'Save profile',
  onSaved,
}: {
  ctx: PracticeContext;
  profile: PracticeProfile;
  sections?: ('about' | 'place' | 'formats' | 'licence' | 'video')[];
  submitLabel?: string;
  onSaved?: (p: PracticeProfile) => void;
}) {
  const copy = copyFor(ctx.kind);
  const qc = useQueryClient();
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: profileDefaults(profile) });
  const [formError, setFormError] = useState<string | null>(null);
  const inPerson = useWatch({ control: form.control, name: 'in_person' });
  const zoneList = useMemo(() => zones(profile.time_zone), [profile.time_zone]);
  const countries = useMemo(() => countryOptions(), []);
  const show = (s: (typeof sections)[number]) => sections.includes(s);
  const licenceChanged = useWatch({ control: form.control, name: 'licence_number' }) !== profile.credentials.licence_number;
  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const saved = await practiceApi.saveProfile(ctx.kind, toProfileBody(v, profile, ctx.kind));
      qc.setQueryData(practiceKeys.profile(ctx.kind), saved);
      void qc.invalidateQueries({ queryKey: practiceKeys.schedule(ctx.kind) });
      toast.success(saved.credentials.verification === 'pending' && profile.credentials.verification !== 'pending' ? 'Profile saved. Your licence is waiting for an admin to verify it.' : 'Profile saved.');
      onSaved?.(saved);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, FIELDS, { formats: 'video', 'formats.0.address': 'address', 'formats.1.address': 'address' }));
    }
  });
  return (
    <Form {...form}>
      <form className="grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
        {show('about') && (
          <>
            {tradingName(ctx.kind) && (
              <FormField
                control={form.control}
                name="business_name"
                render={({ field }) => (
                  <FormItem id="business_name">
                    <FormLabel>{ctx.kind === 'tour_guide' ? 'Business name (optional)' : 'Business name'}</FormLabel>
                    <FormControl>
                      <Input maxLength={100} autoComplete="organization" {...field} />
                    </FormControl>
                    <FormDescription>
                      {ctx.kind === 'tour_guide'
                        ? 'If you guide under a company’s name, travellers see it instead of yours.'
                        : 'The name customers know you by; it is shown instead of your own name.'}
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
            <FormField
              control={form.control}
              name="headline"
              render={({ field }) => (
                <FormItem id="headline">
                  <FormLabel>Headline</FormLabel>
                  <FormControl>
                    <Input maxLength={120} placeholder={copyFor(ctx.kind).headlineHint} {...field} />
                  </FormControl>
                  <FormDescription>One line, shown on your card in the directory.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="bio"
              render={({ field }) => (
                <FormItem id="bio">
                  <FormLabel>About you</FormLabel>
                  <FormControl>
                    <Textarea rows={6} maxLength={4000} {...field} />
                  </FormControl>
                  <FormDescription>Your experience and how you work, in your own words (up to 4,000 characters).</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="specialties"
              render={({ field }) => (
                <FormItem id="specialties">
                  <FormLabel>Specialties</FormLabel>
                  <FormControl>
                    <TagInput value={field.value} onChange={field.onChange} max={20} placeholder={copyFor(ctx.kind).tagsHint} />
                  </FormControl>
                  <FormDescription>Press Enter or a comma after each. Clients filter the directory by these.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="languages"
              render={({ field }) => (
                <FormItem id="languages">
                  <FormLabel>Languages you work in</FormLabel>
                  <FormControl>
                    <TagInput value={field.value} onChange={field.onChange} max={10} placeholder="English, Yoruba…" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </>
        )}
        {show('place') && (
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              control={form.control}
              name="city"
              render={({ field }) => (
                <FormItem id="city">
                  <FormLabel>City</FormLabel>
                  <FormControl>
                    <Input maxLength={80} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="country"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Country</FormLabel>
                  <FormControl>
                    <select className={inputClass} {...field}>
                      <option value="">Choose…</option>
                      {countries.map((c) => (
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
                <FormItem id="time_zone">
                  <FormLabel>Time zone</FormLabel>
                  <FormControl>
                    <select className={inputClass} {...field}>
                      <option value="">Choose…</option>
                      {zoneList.map((z) => (
                        <option key={z} value={z}>
                          {z.replace(/_/g, ' ')}
                        </option>
                      ))}
                    </select>
                  </FormControl>
                  <FormDescription>
                    Your weekly hours are in this zone.{' '}
                    {!field.value && (
                      <button type="button" className="text-primary underline" onClick={() => form.setValue('time_zone', viewerZone(), { shouldDirty: true })}>
                        Use {viewerZone().replace(/_/g, ' ')}
                      </button>
                    )}
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
        )}
        {show('formats') && (
          <fieldset className="grid gap-3 rounded-md border p-4" id="formats">
            <legend className="px-1 text-sm font-semibold">How you meet clients</legend>
            {(['video', 'in_person', 'phone'] as const).map((k) => (
              <FormField
                key={k}
                control={form.control}
                name={k}
                render={({ field }) => (
                  <FormItem className="flex flex-row items-center gap-3 space-y-0">
                    <FormControl>
                      <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
                    </FormControl>
                    <FormLabel>{k === 'video' ? 'Video (in Sojourn)' : k === 'phone' ? 'Phone' : 'In person'}</FormLabel>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ))}
            {inPerson && (
              <FormField
                control={form.control}
                name="address"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Address for in-person sessions</FormLabel>
                    <FormControl>
                      <Input maxLength={200} {...field} />
                    </FormControl>
                    <FormDescription>Shown to clients who book an in-person session.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
          </fieldset>
        )}
        {show('video') && (
          <FormField
            control={form.control}
            name="intro_video_url"
            render={({ field }) => (
              <FormItem id="intro_video_url">
                <FormLabel>Intro video address</FormLabel>
                <FormControl>
                  <Input type="url" maxLength={500} placeholder="https://…" {...field} />
                </FormControl>
                <FormDescription>An https:// link to a short video of you (YouTube, Vimeo…), or leave it empty.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        )}
        {show('licence') && (
          <fieldset className="grid gap-3 rounded-md border p-4" id="licence_number">
            <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
              {licensed(ctx.kind) ? 'Licence' : 'Credential (optional)'} <VerificationBadge profile={profile} />
            </legend>
            <p className="text-sm text-muted-foreground">
              {licensed(ctx.kind)
                ? 'An admin checks your licence with the issuing body before your profile can be published. Changing it sends it back for verification. The number is never shown publicly; clients see the verified badge.'
                : `A coaching credential, if you hold one. An admin verifies it and your profile shows a badge. Not needed to publish as a ${copy.role}.`}
            </p>
            {profile.credentials.verification === 'rejected' && (
              <FormAlert>
                {licensed(ctx.kind) ? 'Your licence was not verified.' : 'Your credential was not verified.'}
                {profile.credentials.verification_note ? ` The admin's note: “${profile.credentials.verification_note}”` : ''} Correct the number or add a clearer
                document below; either sends it back for review.
              </FormAlert>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="licence_number"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{licensed(ctx.kind) ? 'Licence number' : 'Credential number'}</FormLabel>
                    <FormControl>
                      <Input maxLength={40} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="issuing_body"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Issuing body</FormLabel>
                    <FormControl>
                      <Input maxLength={120} placeholder={copyFor(ctx.kind).bodyHint} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            {licenceChanged && profile.credentials.verification === 'verified' && <p className="text-sm text-warning">Saving a new number removes the verified badge until an admin checks it again.</p>}
            <LicenceDocuments ctx={ctx} profile={profile} />
          </fieldset>
        )}
        {formError && <FormAlert>{formError}</FormAlert>}
        <div>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** Edit the practice profile: headline, bio, specialties, languages, place and time zone, formats, licence. */
export default function EditProfilePage({ ctx }: { ctx: PracticeContext }) {
  const profile = useQuery({ queryKey: practiceKeys.profile(ctx.kind), queryFn: () => practiceApi.profile(ctx.kind) });
  const navigate = useNavigate();
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (profile.data && id) document.getElementById(id)?.scrollIntoView({ block: 'center' });
  }, [profile.data]);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title="Edit practice profile"
        description="What clients read before they book you."
        actions={
          <Button asChild variant="outline">
            <Link to={ctx.paths.publicProfile}>Preview as clients see it</Link>
          </Button>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>Your name and account photo come from your account; your practice photos are on the media page.</CardDescription>
        </CardHeader>
        <CardContent>
          {profile.isPending ? (
            <Skeleton className="h-96 w-full" />
          ) : profile.error ? (
            <ErrorState title="Could not load your profile" error={profile.error} onRetry={() => void profile.refetch()} />
          ) : (
            <ProfileForm ctx={ctx} profile={profile.data} onSaved={() => navigate(ctx.paths.profile)} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
