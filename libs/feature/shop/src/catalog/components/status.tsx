import { Badge } from '@sojourn/ui';
import { STATUS_LABEL, type ProductStatus } from '../api';

const VARIANT: Record<ProductStatus, 'secondary' | 'soft' | 'success' | 'destructive' | 'outline'> = {
  draft: 'secondary',
  pending_review: 'soft',
  published: 'success',
  rejected: 'destructive',
  archived: 'outline',
};

export function StatusBadge({ status }: { status: ProductStatus }) {
  return <Badge variant={VARIANT[status]}>{STATUS_LABEL[status]}</Badge>;
}

const CERT: Record<string, { label: string; variant: 'soft' | 'success' | 'destructive' }> = {
  pending: { label: 'Certificate to check', variant: 'soft' },
  verified: { label: 'Certificate verified', variant: 'success' },
  rejected: { label: 'Certificate rejected', variant: 'destructive' },
};

export function CertificateBadge({ status }: { status: string }) {
  const c = CERT[status];
  return c ? <Badge variant={c.variant}>{c.label}</Badge> : null;
}
