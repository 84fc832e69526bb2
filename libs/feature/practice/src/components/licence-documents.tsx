import { errorMessage, isApiError } from '@sojourn/api-client';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FileUpload, FormAlert, Skeleton } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileImage, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { licensed, practiceApi, practiceKeys, type LicenceDocument, type PracticeProfile } from '../api';
import type { PracticeContext } from '../context';

const DOC_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const DOC_MAX = 5 * 1024 * 1024;
const DOCS_MAX = 5;

/** The server's word on an upload, as a sentence about the document. */
function uploadError(e: unknown): string {
  const field = isApiError(e) ? e.fields['file'] : undefined;
  if (!field) return errorMessage(e);
  return field.startsWith('must') ? `The document ${field}.` : `${field.charAt(0).toUpperCase()}${field.slice(1)}.`;
}

/** An object URL of a private licence image, read once with the token and revoked when no longer shown. */
function useLicenceImage(doc: LicenceDocument, size: 'preview' | 'full', enabled = true) {
  const q = useQuery({
    queryKey: practiceKeys.licenceFile(doc.id, size),
    queryFn: () => practiceApi.licenceFile(doc, size),
    enabled,
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
  return { url, error: q.error, loading: q.isPending && enabled };
}

function FullSize({ doc, label, onClose }: { doc: LicenceDocument; label: string; onClose: () => void }) {
  const { url, error } = useLicenceImage(doc, 'full');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>
            {doc.width} × {doc.height} pixels. Only you and Sojourn's admins can see it.
          </DialogDescription>
        </DialogHeader>
        {error ? <FormAlert>{errorMessage(error)}</FormAlert> : url ? <img src={url} alt={label} className="max-h-[70vh] w-full rounded-md border object-contain" /> : <Skeleton className="h-96 w-full" />}
      </DialogContent>
    </Dialog>
  );
}

function Thumb({ doc, label, locked, onOpen, onRemove, removing }: { doc: LicenceDocument; label: string; locked: boolean; onOpen: () => void; onRemove: () => void; removing: boolean }) {
  const { url, error } = useLicenceImage(doc, 'preview');
  return (
    <li className="grid gap-2">
      <button type="button" onClick={onOpen} className="overflow-hidden rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label={`View ${label} full size`}>
        {url ? (
          <img src={url} alt="" className="aspect-[4/3] w-full bg-muted object-cover" />
        ) : error ? (
          <span className="flex aspect-[4/3] items-center justify-center bg-muted p-2 text-xs text-muted-foreground">Preview unavailable</span>
        ) : (
          <Skeleton className="aspect-[4/3] w-full" />
        )}
      </button>
      {!locked && (
        <Button type="button" size="sm" variant="outline" loading={removing} onClick={onRemove} aria-label={`Remove ${label}`}>
          <Trash2 className="size-4" aria-hidden /> Remove
        </Button>
      )}
    </li>
  );
}

/**
 * The scans or photos of the licence, beside the number they prove: uploaded through the image guard, private (only the
 * provider and admins see them), removable until the licence is verified.
 */
export function LicenceDocuments({ ctx, profile }: { ctx: PracticeContext; profile: PracticeProfile }) {
  const qc = useQueryClient();
  const docs = profile.credentials.documents;
  const verification = profile.credentials.verification;
  const locked = verification === 'verified';
  const [file, setFile] = useState<File | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [open, setOpen] = useState<LicenceDocument | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: practiceKeys.profile(ctx.kind) });
  const upload = useMutation({
    mutationFn: (f: File) => practiceApi.addLicenceDocument(ctx.kind, f),
    onSuccess: () => {
      toast.success(verification === 'rejected' ? 'Document added. Your licence is back with the admins for review.' : 'Document added to your licence.');
      setFile(null);
      setResetKey((k) => k + 1);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => practiceApi.removeLicenceDocument(id),
    onSuccess: () => {
      toast.success('Document removed.');
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const what = licensed(ctx.kind) ? 'licence' : 'credential';
  const label = (i: number) => `${licensed(ctx.kind) ? 'Licence' : 'Credential'} document ${i + 1} of ${docs.length}`;
  return (
    <div className="grid gap-3" id="licence_documents">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Documents</h3>
        <p className="text-sm text-muted-foreground">
          A clear photo or scan of your {what} or registration certificate, so the admin can match it with the number. Only you and Sojourn's admins can see
          them.
        </p>
      </div>
      {docs.length === 0 ? (
        <p className="flex items-center gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          <FileImage className="size-4 shrink-0" aria-hidden /> No documents yet.{licensed(ctx.kind) ? ' Adding one speeds up verification.' : ''}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={`Your ${what} documents`}>
          {docs.map((d, i) => (
            <Thumb
              key={d.id}
              doc={d}
              label={label(i)}
              locked={locked}
              onOpen={() => setOpen(d)}
              onRemove={() => remove.mutate(d.id)}
              removing={remove.isPending && remove.variables === d.id}
            />
          ))}
        </ul>
      )}
      {locked ? (
        <p className="text-xs text-muted-foreground">Your {what} is verified, so its documents stay as they were checked. A new number sends it back for verification with new documents.</p>
      ) : docs.length >= DOCS_MAX ? (
        <p className="text-xs text-muted-foreground">You have the maximum of {DOCS_MAX} documents. Remove one to add another.</p>
      ) : (
        <div className="grid gap-2">
          <FileUpload key={resetKey} label="Add a document" accept={DOC_TYPES} maxBytes={DOC_MAX} onFileChange={setFile} error={upload.error ? uploadError(upload.error) : null} />
          <p className="text-xs text-muted-foreground">
            Up to {DOCS_MAX} documents; hidden data such as the photo's location is removed.{verification === 'rejected' ? ` Adding one sends your ${what} back for review.` : ''}
          </p>
          <div>
            <Button type="button" variant="outline" disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
              Upload document
            </Button>
          </div>
        </div>
      )}
      {open && <FullSize doc={open} label={label(docs.findIndex((d) => d.id === open.id))} onClose={() => setOpen(null)} />}
    </div>
  );
}
