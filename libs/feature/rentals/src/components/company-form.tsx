import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '@sojourn/api-client';
import { applyServerErrors, Badge, Button, FileUpload, Form, FormAlert, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, Input, Textarea } from '@sojourn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { companyApi, rentalKeys, type PracticeProfile, type PracticeProfileInput } from '../api';

const schema = z
  .object({
    headline: z.string().trim().min(10, 'Say in a line what renters get, e.g. “Airport and city cars in Lagos since 2012”.').max(120, 'Keep the headline within 120 characters.'),
    bio: z.string().trim().max(4000, 'Keep the description within 4,000 characters.'),
    city: z.string().trim().min(2, 'Enter the city of your head office.').max(80, 'Keep the city within 80 characters.'),
    country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'Two letters, e.g. NG.'),
    licence_number: z.string().trim().max(40, 'Keep the licence number within 40 characters.'),
    issuing_body: z.string().trim().max(120, 'Keep the issuing body within 120 characters.'),
  })
  .superRefine((v, ctx) => {
    if (v.licence_number && !v.issuing_body) ctx.addIssue({ code: 'custom', path: ['issuing_body'], message: 'Name who issued the licence.' });
  });
type Values = z.infer<typeof schema>;

export const VERIFICATION: Record<string, { label: string; tone: 'success' | 'soft' | 'destructive' | 'secondary' }> = {
  none: { label: 'No licence yet', tone: 'secondary' },
  pending: { label: 'Licence being checked', tone: 'soft' },
  verified: { label: 'Licence verified', tone: 'success' },
  rejected: { label: 'Licence rejected', tone: 'destructive' },
};

export function VerificationBadge({ p }: { p: PracticeProfile | null }) {
  const v = VERIFICATION[p?.credentials.verification ?? 'none'] ?? VERIFICATION.none!;
  return <Badge variant={v.tone}>{v.label}</Badge>;
}

/** The company's public details and its operating licence (the practice profile of kind car_rental). */
export function CompanyForm({ profile, onSaved, submitLabel = 'Save' }: { profile: PracticeProfile | null; onSaved?: (p: PracticeProfile) => void; submitLabel?: string }) {
  const qc = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      headline: profile?.headline ?? '',
      bio: profile?.bio ?? '',
      city: profile?.city ?? '',
      country: profile?.country || 'NG',
      licence_number: profile?.credentials.licence_number ?? '',
      issuing_body: profile?.credentials.issuing_body ?? '',
    },
  });
  const submit = form.handleSubmit(async (v) => {
    setProblem(null);
    setOk(null);
    const body: PracticeProfileInput = {
      headline: v.headline,
      bio: v.bio,
      city: v.city,
      country: v.country.toUpperCase(),
      specialties: profile?.specialties ?? [],
      languages: profile?.languages ?? [],
      time_zone: profile?.time_zone || Intl.DateTimeFormat().resolvedOptions().timeZone || '',
      formats: profile?.formats ?? [],
      ...(v.licence_number ? { licence_number: v.licence_number, issuing_body: v.issuing_body } : {}),
    };
    try {
      const next = await companyApi.saveProfile(body);
      qc.setQueryData(rentalKeys.profile, next);
      void qc.invalidateQueries({ queryKey: rentalKeys.dashboard });
      setOk('Saved.');
      onSaved?.(next);
    } catch (e) {
      setProblem(applyServerErrors(e, form.setError, ['headline', 'bio', 'city', 'country', 'licence_number', 'issuing_body']));
    }
  });
  const field = (name: keyof Values, label: string, max: number, hint?: string, area = false) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>{area ? <Textarea rows={4} maxLength={max} {...f} /> : <Input maxLength={max} {...f} />}</FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <Form {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        {field('headline', 'Headline', 120, 'One line renters see under your name.')}
        {field('bio', 'About the company', 4000, undefined, true)}
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          {field('city', 'Head office city', 80)}
          {field('country', 'Country code', 2)}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('licence_number', 'Operating licence number', 40)}
          {field('issuing_body', 'Issued by', 120, 'e.g. Lagos State Ministry of Transportation')}
        </div>
        <FormAlert>{problem}</FormAlert>
        <FormAlert tone="success">{ok}</FormAlert>
        <Button type="submit" loading={form.formState.isSubmitting} className="w-fit">
          {submitLabel}
        </Button>
      </form>
    </Form>
  );
}

/** Upload a scan of the licence (JPEG or PNG, private to the company and the admins). */
export function LicenceUpload({ profile }: { profile: PracticeProfile | null }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [k, setK] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const docs = profile?.credentials.documents ?? [];
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        {docs.length === 0 ? 'No scan of the licence uploaded yet.' : `${docs.length} scan${docs.length === 1 ? '' : 's'} uploaded (only you and Sojourn's reviewers see them).`}
      </p>
      {docs.length < 5 && (
        <div className="grid gap-2 sm:max-w-sm">
          <FileUpload key={k} label="Scan or photo of the licence" accept={['image/jpeg', 'image/png']} maxBytes={8 * 1024 * 1024} onFileChange={setFile} />
          <Button
            variant="outline"
            className="w-fit"
            disabled={!file || !profile}
            loading={busy}
            onClick={async () => {
              if (!file) return;
              setBusy(true);
              setProblem(null);
              try {
                await companyApi.addLicenceDocument(file);
                await qc.invalidateQueries({ queryKey: rentalKeys.profile });
                setFile(null);
                setK((n) => n + 1);
              } catch (e) {
                setProblem(errorMessage(e));
              } finally {
                setBusy(false);
              }
            }}
          >
            Upload the scan
          </Button>
          {!profile && <p className="text-xs text-muted-foreground">Save your company details first.</p>}
        </div>
      )}
      <FormAlert>{problem}</FormAlert>
    </div>
  );
}
