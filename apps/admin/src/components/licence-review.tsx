import { errorMessage } from '@sojourn/api-client';
import { adminAccountKeys, adminAccountsApi } from '@sojourn/feature-account';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormAlert,
  ReasonDialog,
  Skeleton,
} from '@sojourn/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FileImage } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { adminPracticeApi, adminPracticeKeys, type AdminProviderDetail, type LicenceDocument } from '../api/practice';
import { Facts, Section, useRefresh, when } from './detail-parts';
import { VerificationBadge } from './provider-table';

/** Verifying shows the badge publicly and lets a therapist publish, so it asks first. */
function VerifyDialog({ p }: { p: AdminProviderDetail }) {
  const [open, setOpen] = useState(false);
  const refresh = useRefresh(p.id);
  const verify = useMutation({
    mutationFn: () => adminPracticeApi.decide(p.id, 'verified', ''),
    onSuccess: (next) => {
      toast.success(`${p.display_name}'s licence is verified.`);
      setOpen(false);
      refresh(next);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const docs = p.credentials.documents.length;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)}>
        Verify licence
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Verify {p.display_name}'s licence?</DialogTitle>
          <DialogDescription>
            Licence {p.credentials.licence_number} from {p.credentials.issuing_body}
            {docs === 0 ? ', with no document uploaded' : `, with ${docs} document${docs === 1 ? '' : 's'}`}. Their profile shows a verified badge
            {p.kind === 'therapist' ? ' and they can publish once the rest of their profile is ready' : ''}. The decision is recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button loading={verify.isPending} onClick={() => verify.mutate()}>
            Verify licence
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function RejectDialog({ p }: { p: AdminProviderDetail }) {
  const refresh = useRefresh(p.id);
  return (
    <ReasonDialog
      triggerLabel="Reject licence"
      triggerSize="sm"
      title={`Reject ${p.display_name}'s licence?`}
      description={`They see your note on their profile and can correct the licence or add a clearer document, which brings it back to this queue.${
        p.status === 'published' ? ' A published provider goes back to draft and leaves the directory.' : ''
      } The decision is recorded in the audit log.`}
      label="Note to the provider"
      noun="note"
      serverField="note"
      tooShort="Tell the provider what is wrong, in at least 3 characters; they see this note."
      confirmLabel="Reject licence"
      onConfirm={async (note) => {
        const next = await adminPracticeApi.decide(p.id, 'rejected', note);
        toast.success(`${p.display_name}'s licence is rejected.`);
        refresh(next);
      }}
    />
  );
}

/** An object URL of a licence image, read with the token (each read is audited) and revoked when no longer shown. */
function useLicenceImage(providerId: string, doc: LicenceDocument, size: 'preview' | 'full') {
  const q = useQuery({
    queryKey: adminPracticeKeys.licenceFile(doc.id, size),
    queryFn: () => adminPracticeApi.licenceFile(providerId, doc, size),
    staleTime: Infinity,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!q.data) return;
    const u = URL.createObjectURL(q.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data]);
  return { url, error: q.error, retry: () => void q.refetch() };
}

function FullSize({ providerId, doc, label, onClose }: { providerId: string; doc: LicenceDocument; label: string; onClose: () => void }) {
  const { url, error } = useLicenceImage(providerId, doc, 'full');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>
            Uploaded {when(doc.created_at)}; {doc.width} × {doc.height} pixels. Your viewing is recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <FormAlert>{errorMessage(error)}</FormAlert>
        ) : url ? (
          <img src={url} alt={label} className="max-h-[75vh] w-full rounded-md border object-contain" />
        ) : (
          <Skeleton className="aspect-[4/3] w-full" />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Thumb({ providerId, doc, label, onOpen }: { providerId: string; doc: LicenceDocument; label: string; onOpen: () => void }) {
  const { url, error, retry } = useLicenceImage(providerId, doc, 'preview');
  return (
    <li>
      {error ? (
        <button type="button" onClick={retry} className="flex aspect-[4/3] w-full items-center justify-center rounded-md border bg-muted p-2 text-xs text-muted-foreground">
          Could not load {label.toLowerCase()}. Try again
        </button>
      ) : (
        <button
          type="button"
          onClick={onOpen}
          aria-label={`Open ${label.toLowerCase()} full size`}
          className="block w-full overflow-hidden rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {url ? <img src={url} alt={label} className="aspect-[4/3] w-full bg-muted object-cover" /> : <Skeleton className="aspect-[4/3] w-full" />}
        </button>
      )}
    </li>
  );
}

function Documents({ p }: { p: AdminProviderDetail }) {
  const docs = p.credentials.documents;
  const [open, setOpen] = useState<number | null>(null);
  const label = (i: number) => `Licence document ${i + 1} of ${docs.length}`;
  if (docs.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
        <FileImage className="size-4 shrink-0" aria-hidden /> No documents uploaded. Ask for a photo of the licence before verifying, or check the register.
      </p>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Licence documents">
        {docs.map((d, i) => (
          <Thumb key={d.id} providerId={p.id} doc={d} label={label(i)} onOpen={() => setOpen(i)} />
        ))}
      </ul>
      {open !== null && docs[open] && <FullSize providerId={p.id} doc={docs[open]} label={label(open)} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The licence as typed, its documents side by side, and the decision. */
export function LicenceSection({ p }: { p: AdminProviderDetail }) {
  const c = p.credentials;
  const admin = useQuery({
    queryKey: adminAccountKeys.user(p.verified_by ?? ''),
    queryFn: () => adminAccountsApi.user(p.verified_by!).then((r) => r.data),
    enabled: Boolean(p.verified_by),
    staleTime: 5 * 60_000,
  });
  const by = admin.data ? admin.data.profile?.display_name || admin.data.username : null;
  if (c.verification === 'none' || !c.licence_number) {
    return (
      <Section title="Licence" description={p.kind === 'therapist' ? 'A therapist needs a verified licence to publish.' : undefined}>
        <p className="text-sm text-muted-foreground">
          {p.kind === 'therapist'
            ? 'No licence given yet. It appears here for a decision as soon as they save one.'
            : 'No credential given. Coaches publish without one; if they add one it waits here for a decision.'}
        </p>
      </Section>
    );
  }
  return (
    <Section
      id="licence"
      title="Licence"
      description="Match the documents with the number and the issuing body's public register before deciding. The provider sees a rejection note."
    >
      <div className="grid gap-4">
        <Facts
          rows={[
            ['State', <VerificationBadge key="v" verification={c.verification} />],
            ['Licence number', <span key="n" className="font-mono">{c.licence_number}</span>],
            ['Issuing body', c.issuing_body],
            ...(c.verified_at
              ? ([[c.verification === 'rejected' ? 'Rejected' : 'Decided', `${when(c.verified_at)}${by ? ` by ${by}` : ''}`]] as [string, React.ReactNode][])
              : []),
            ...(c.verification_note ? ([['Note', `“${c.verification_note}”`]] as [string, React.ReactNode][]) : []),
          ]}
        />
        <Documents p={p} />
        <div className="flex flex-wrap gap-2">
          {c.verification !== 'verified' && <VerifyDialog p={p} />}
          {c.verification !== 'rejected' && <RejectDialog p={p} />}
        </div>
      </div>
    </Section>
  );
}
