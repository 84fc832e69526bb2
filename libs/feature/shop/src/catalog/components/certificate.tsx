import { errorMessage } from '@sojourn/api-client';
import { Button, FormAlert, Skeleton } from '@sojourn/ui';
import { formatDate } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { catalogKeys, vendorCatalogApi, type Certificate, type Product } from '../api';
import { CertificateBadge } from './status';
import { PHOTO_TYPES } from './photo-manager';

/** An object URL of a private document read with the token, revoked when no longer shown. */
export function useDocumentUrl(key: readonly unknown[], read: () => Promise<Blob>, enabled = true) {
  const q = useQuery({ queryKey: key, queryFn: read, enabled, staleTime: Infinity, gcTime: 60_000, retry: false });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!q.data) return;
    const u = URL.createObjectURL(q.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data]);
  return { url, error: q.error, loading: q.isPending && enabled, retry: () => void q.refetch() };
}

/** The certificate as an image (private: read with the token, shown from a blob: URL). */
export function CertificateImage({ url, loading, error, alt }: { url: string | null; loading: boolean; error: unknown; alt: string }) {
  if (error) return <FormAlert>{errorMessage(error)}</FormAlert>;
  if (loading || !url) return <Skeleton className="h-48 w-full max-w-sm" />;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="block w-fit">
      <img src={url} alt={alt} className="max-h-72 max-w-full rounded-md border object-contain" />
      <span className="sr-only"> (opens the full size in a new tab)</span>
    </a>
  );
}

/** A luxury product's certificate in the vendor's editor: its status, the admin's note, the document, and a new upload. */
export function VendorCertificate({ product, onUploaded }: { product: Product; onUploaded: (c: Certificate) => void }) {
  const cert = product.certificate;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const doc = useDocumentUrl(catalogKeys.certificate(product.id, cert?.id ?? '', 'vendor'), () => vendorCatalogApi.certificateFile(product.id, cert?.content_type ?? 'image/jpeg'), Boolean(cert));
  const upload = async (f: File | undefined) => {
    if (!f) return;
    setError(null);
    if (!PHOTO_TYPES.includes(f.type)) return setError('Upload the certificate as a JPEG, PNG, WebP or GIF image (a photo or scan).');
    if (f.size > 5 * 1024 * 1024) return setError('The limit is 5 MB.');
    setBusy(true);
    try {
      onUploaded(await vendorCatalogApi.uploadCertificate(product.id, f));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="grid gap-3">
      {cert ? (
        <div className="grid gap-2">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <CertificateBadge status={cert.status} /> Uploaded {formatDate(cert.created_at)}
          </p>
          {cert.status === 'rejected' && cert.note && <FormAlert>Our team’s note: {cert.note}</FormAlert>}
          {cert.status === 'pending' && <p className="text-sm text-muted-foreground">Our team checks it; the verified badge shows once they have.</p>}
          <CertificateImage url={doc.url} loading={doc.loading} error={doc.error} alt={`Certificate of authenticity of ${product.title}`} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Upload a photo or scan of the certificate of authenticity. Only you and Sojourn’s team can see it.</p>
      )}
      <label htmlFor="cert-file" className="sr-only">
        Certificate of authenticity
      </label>
      <input ref={input} id="cert-file" type="file" accept={PHOTO_TYPES.join(',')} className="sr-only" onChange={(e) => void upload(e.target.files?.[0])} />
      <Button variant="outline" className="justify-self-start" loading={busy} onClick={() => input.current?.click()}>
        <FileUp aria-hidden /> {cert ? 'Replace the certificate' : 'Upload the certificate'}
      </Button>
      {error && <FormAlert>{error}</FormAlert>}
    </div>
  );
}
