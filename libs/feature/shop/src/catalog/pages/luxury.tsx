import { PageHeader } from '@sojourn/ui';
import { FileCheck2, PenLine, ShieldCheck } from 'lucide-react';
import { ProductBrowser } from '../components/browser';

const FIXED = { luxury: true } as const;

const POINTS = [
  { icon: FileCheck2, title: 'Certificate checked', text: 'The seller uploads the piece’s certificate of authenticity; our team checks it before the badge shows.' },
  { icon: ShieldCheck, title: 'Insured delivery', text: 'Every luxury order travels insured from the seller to your door.' },
  { icon: PenLine, title: 'Signed for', text: 'The courier hands it over only against your signature on receipt.' },
];

/** Verified luxury: only products whose authenticity certificate an admin verified. */
export default function LuxuryPage() {
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6">
      <PageHeader title="Luxury" description="Fine pieces from independent sellers, each with a certificate of authenticity our team has verified." />
      <ul className="grid gap-3 sm:grid-cols-3">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 rounded-xl border bg-card p-4">
            <Icon className="size-6 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
            <div className="grid gap-1">
              <h2 className="font-semibold">{title}</h2>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <ProductBrowser fixed={FIXED} idPrefix="lux" searchLabel="Search luxury pieces" empty={{ title: 'No verified luxury pieces yet', description: 'Pieces appear here once our team has verified their certificates.' }} />
    </div>
  );
}
