import { zodResolver } from '@hookform/resolvers/zod';
import type { WizardStepProps } from '@sojourn/routing';
import { Button, ErrorState, FormAlert, Skeleton } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, ImagePlus, Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { guideSetupApi, guideSetupKeys, type GuideProfile } from '../api';
import { StepForm, TextField, str, useSaveStep } from './common';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

function useGuideProfile() {
  return useQuery({ queryKey: guideSetupKeys.profile, queryFn: guideSetupApi.profile });
}

/** A file picker that uploads at once through `upload` and reports its error beside itself. */
function UploadButton({ label, disabled, upload }: { label: string; disabled: boolean; upload: (f: File) => Promise<unknown> }) {
  const qc = useQueryClient();
  const id = useId();
  const [err, setErr] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: upload,
    onSuccess: () => {
      setErr(null);
      return qc.invalidateQueries({ queryKey: guideSetupKeys.profile });
    },
    onError: (e) => setErr(e instanceof Error ? e.message : 'The file could not be uploaded.'),
  });
  return (
    <div className="grid gap-1">
      <label
        htmlFor={id}
        className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border border-dashed px-4 py-3 text-sm font-medium hover:bg-accent focus-within:outline focus-within:outline-2 focus-within:outline-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        aria-disabled={disabled || m.isPending}
      >
        <Upload className="size-4" aria-hidden /> {m.isPending ? 'Uploading…' : label}
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES}
        className="sr-only"
        disabled={disabled || m.isPending}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) m.mutate(f);
        }}
      />
      {err && (
        <p className="text-sm text-destructive" role="alert">
          {err}
        </p>
      )}
    </div>
  );
}

function RemoveButton({ label, remove }: { label: string; remove: () => Promise<unknown> }) {
  const qc = useQueryClient();
  const m = useMutation({ mutationFn: remove, onSuccess: () => qc.invalidateQueries({ queryKey: guideSetupKeys.profile }) });
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} disabled={m.isPending} onClick={() => m.mutate()}>
      <Trash2 className="size-4" aria-hidden />
    </Button>
  );
}

function Loading({ q }: { q: ReturnType<typeof useGuideProfile> }) {
  return q.isPending ? <Skeleton className="h-40 w-full" /> : <ErrorState title="Your documents could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
}

const licence = z.object({
  licence_number: z.string().trim().min(1, 'Enter your guide licence number.').max(40, 'At most 40 characters.'),
  issuing_body: z.string().trim().min(1, 'Who issued it?').max(120, 'At most 120 characters.'),
});
type Licence = z.infer<typeof licence>;

function DocumentsForm({ props, profile }: { props: WizardStepProps; profile: GuideProfile }) {
  const form = useForm<Licence>({
    resolver: zodResolver(licence),
    defaultValues: {
      licence_number: str(props.data, 'licence_number', profile.credentials.licence_number),
      issuing_body: str(props.data, 'issuing_body', profile.credentials.issuing_body),
    },
  });
  const { problem, setProblem, run } = useSaveStep(props, form, ['licence_number', 'issuing_body']);
  const docs = profile.credentials.documents;
  const verified = profile.credentials.verification === 'verified';
  return (
    <StepForm
      form={form}
      formId={props.formId}
      problem={problem}
      onValid={(v) => (docs.length === 0 ? setProblem('Upload at least one document: your ID and your guide licence.') : run({ ...v, document_ids: docs.map((d) => d.id) }))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="licence_number" label="Guide licence number" input={{ maxLength: 40 }} />
        <TextField form={form} name="issuing_body" label="Issued by" hint="e.g. Lagos State Tourism Board" input={{ maxLength: 120 }} />
      </div>
      <section className="grid gap-3" aria-labelledby="docs-title">
        <h3 id="docs-title" className="font-medium">
          Documents
        </h3>
        <p className="text-sm text-muted-foreground">
          A photo or scan of your ID card or passport and of your guide licence (JPEG, PNG or WebP, up to 5 MB each). Only Sojourn’s verification team sees them.
        </p>
        {docs.length > 0 ? (
          <ul className="grid gap-2">
            {docs.map((d, i) => (
              <li key={d.id} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                <span className="flex items-center gap-2 text-sm">
                  <FileText className="size-4 text-muted-foreground" aria-hidden />
                  Document {i + 1} · {d.width}×{d.height} · {new Date(d.created_at).toLocaleDateString()}
                </span>
                {!verified && <RemoveButton label={`Remove document ${i + 1}`} remove={() => guideSetupApi.removeDocument(d.id)} />}
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-md border border-dashed px-3 py-4 text-sm text-muted-foreground">No documents yet.</p>
        )}
        {verified ? (
          <FormAlert tone="info">Your licence is already verified.</FormAlert>
        ) : (
          <UploadButton label="Upload a document" disabled={docs.length >= 5} upload={guideSetupApi.addDocument} />
        )}
      </section>
    </StepForm>
  );
}

/** Step five: the licence and the documents proving it, uploaded straight to practice's private documents. */
export function DocumentsStep(props: WizardStepProps) {
  const q = useGuideProfile();
  return q.isSuccess ? <DocumentsForm props={props} profile={q.data} /> : <Loading q={q} />;
}

function PhotoForm({ props, profile }: { props: WizardStepProps; profile: GuideProfile }) {
  const form = useForm<Record<string, never>>({ defaultValues: {} });
  const { problem, setProblem, run } = useSaveStep(props, form, []);
  const media = profile.media;
  return (
    <StepForm
      form={form}
      formId={props.formId}
      problem={problem}
      onValid={() => (media.length === 0 ? setProblem('Add at least one photo of yourself.') : run({ media_ids: media.map((m) => m.id) }))}
    >
      <p className="text-sm text-muted-foreground">
        A clear, friendly photo of your face, ideally outdoors where you guide. Travellers look for it at the meeting point. You can add a few more of you at work.
      </p>
      {media.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {media.map((m, i) => (
            <li key={m.id} className="relative">
              <img src={m.url} alt={`You, ${i + 1} of ${media.length}`} className="aspect-square w-full rounded-md object-cover" />
              <div className="absolute right-1 top-1 rounded-md bg-background/90">
                <RemoveButton label={`Remove photo ${i + 1}`} remove={() => guideSetupApi.removePhoto(m.id)} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex items-center gap-3 rounded-md border border-dashed px-3 py-6 text-sm text-muted-foreground">
          <ImagePlus className="size-5" aria-hidden /> No photo yet.
        </div>
      )}
      <UploadButton label="Add a photo" disabled={media.length >= 10} upload={guideSetupApi.addPhoto} />
    </StepForm>
  );
}

/** Step six: the guide's photo, uploaded straight to the practice's media. */
export function PhotoStep(props: WizardStepProps) {
  const q = useGuideProfile();
  return q.isSuccess ? <PhotoForm props={props} profile={q.data} /> : <Loading q={q} />;
}
