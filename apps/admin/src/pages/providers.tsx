import { PageHeader } from '@sojourn/ui';
import { ProviderTable } from '../components/provider-table';

export default function ProvidersPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Providers"
        description="Every provider profile on Sojourn by kind, with where it stands: draft, published or suspended, and whether its licence is verified. Open a row to act on it."
      />
      <ProviderTable caption="Provider profiles" />
    </div>
  );
}
