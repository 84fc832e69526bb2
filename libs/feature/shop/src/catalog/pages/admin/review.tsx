import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, ErrorState, FormAlert, ReasonDialog, Skeleton } from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { adminCatalogApi, catalogKeys, type Product } from '../../api';
import { CertificateImage, useDocumentUrl } from '../../components/certificate';
import { CertificateBadge, StatusBadge } from '../../components/status';

function CertificateReview({ p, onDone }: { p: Product; onDone: (p: Product) => void }) {
  const cert = p.certificate;
  const doc = useDocumentUrl(catalogKeys.certificate(p.id, cert?.id ?? '', 'admin'), () => adminCatalogApi.certificateFile(p.id, 'full', cert?.content_type ?? 'image/jpeg'), Boolean(cert));
  const verify = useMutation({
    mutationFn: () => adminCatalogApi.verifyCertificate(p.id),
    onSuccess: (np) => {
      toast.success(`The certificate of ${np.title} is verified: it shows the luxury badge.`);
      onDone(np);
    },
  });
  if (!cert) return <p className="text-sm text-muted-foreground">The vendor offers it as luxury but has not uploaded a certificate yet.</p>;
  return (
    <div className="grid gap-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <CertificateBadge status={cert.status} /> Uploaded {formatDate(cert.created_at)}; {cert.width} × {cert.height} pixels. Your viewing is written to the audit log.
      </p>
      {cert.note && <p className="text-sm">Note to the vendor: {cert.note}</p>}
      <CertificateImage url={doc.url} loading={doc.loading} error={doc.error} alt={`Certificate of authenticity of ${p.title}`} />
      {verify.error && <FormAlert>{errorMessage(verify.error)}</FormAlert>}
      {cert.status !== 'verified' && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" loading={verify.isPending} onClick={() => verify.mutate()}>
            Verify certificate
          </Button>
          {cert.status === 'pending' && (
            <ReasonDialog
              triggerLabel="Reject certificate"
              triggerSize="sm"
              title={`Reject the certificate of ${p.title}?`}
              description="The vendor sees your note and can upload a clearer or a genuine certificate, which brings it back here. The product stays without the luxury badge meanwhile."
              label="Note to the vendor"
              confirmLabel="Reject certificate"
              onConfirm={async (reason) => {
                const np = await adminCatalogApi.rejectCertificate(p.id, reason);
                toast.success(`The certificate of ${np.title} is rejected.`);
                onDone(np);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}

/** A product as admins review it: photos, variants, description, shop; approve or reject it, and check its certificate. */
export function ProductReview({ id, onClose }: { id: string; onClose: () => void }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: catalogKeys.adminProduct(id), queryFn: () => adminCatalogApi.product(id) });
  const done = (p: Product) => {
    qc.setQueryData(catalogKeys.adminProduct(p.id), p);
    void qc.invalidateQueries({ queryKey: catalogKeys.admin });
  };
  const approve = useMutation({
    mutationFn: () => adminCatalogApi.approve(id),
    onSuccess: (p) => {
      toast.success(`${p.title} is approved and on sale.`);
      done(p);
    },
  });
  const p = q.data;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{p ? p.title : 'Product'}</DialogTitle>
          <DialogDescription>{p ? `${p.store.name} · ${p.category_path.map((c) => c.name).join(' › ')}` : 'Loading…'}</DialogDescription>
        </DialogHeader>
        {q.error ? (
          <ErrorState title="The product could not be loaded" error={q.error} onRetry={() => void q.refetch()} />
        ) : !p ? (
          <Skeleton className="h-64" />
        ) : (
          <div className="grid gap-5">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge status={p.status} />
              {p.brand && <span>Brand: {p.brand}</span>}
              {p.price_on_request && <span>Price on request</span>}
              {p.luxury_requested && <span>Offered as luxury</span>}
            </div>
            {p.photos.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Photos">
                {p.photos.map((ph, i) => (
                  <li key={ph.id}>
                    <img src={mediaUrl(ph.thumb_url) ?? ''} alt={`View ${i + 1}`} className="size-24 rounded-md border object-cover" />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-warning">No photos.</p>
            )}
            <table className="w-full text-sm">
              <caption className="sr-only">Variants</caption>
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 font-medium">
                    Variant
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    SKU
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Price
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Stock
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.variants.map((v) => (
                  <tr key={v.id} className="border-t">
                    <td className="py-1">{v.title || 'Single variant'}</td>
                    <td className="py-1">{v.sku || '—'}</td>
                    <td className="py-1">
                      {p.price_on_request ? 'On request' : formatMoney(v.price.amount, v.price.currency)}
                      {v.compare_at && !p.price_on_request ? ` (was ${formatMoney(v.compare_at.amount, v.compare_at.currency)})` : ''}
                    </td>
                    <td className="py-1">{v.stock ?? v.available}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {p.description_html ? (
              // The description scrolls; it takes focus so a keyboard can scroll it too.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              <div tabIndex={0} role="region" aria-label="Description" className="grid max-h-60 gap-2 overflow-y-auto rounded-md border p-3 text-sm [&_ol]:ml-5 [&_ol]:list-decimal [&_ul]:ml-5 [&_ul]:list-disc" dangerouslySetInnerHTML={{ __html: p.description_html }} />
            ) : (
              <p className="text-sm text-warning">No description.</p>
            )}
            {p.tags.length > 0 && <p className="text-sm">Tags: {p.tags.join(', ')}</p>}
            {p.status === 'rejected' && p.rejection_reason && <FormAlert>Rejected: {p.rejection_reason}</FormAlert>}
            {p.status === 'pending_review' && (
              <div className="flex flex-wrap gap-2 border-t pt-4">
                <Button loading={approve.isPending} onClick={() => approve.mutate()}>
                  Approve and publish
                </Button>
                <ReasonDialog
                  triggerLabel="Reject"
                  title={`Reject ${p.title}?`}
                  description="The vendor sees your reason on the product and can change it and submit it again."
                  label="Reason for the vendor"
                  confirmLabel="Reject product"
                  onConfirm={async (reason) => {
                    const np = await adminCatalogApi.reject(p.id, reason);
                    toast.success(`${np.title} is rejected; the vendor sees your reason.`);
                    done(np);
                  }}
                />
              </div>
            )}
            {approve.error && <FormAlert>{errorMessage(approve.error)}</FormAlert>}
            {p.luxury_requested && (
              <section aria-labelledby="cert-review" className="grid gap-2 border-t pt-4">
                <h3 id="cert-review" className="font-semibold">
                  Authenticity certificate
                </h3>
                <CertificateReview p={p} onDone={done} />
              </section>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
