import { Button } from '@sojourn/ui';
import { Minus, Plus } from 'lucide-react';

/** − n + within [1, max]; `label` names what is counted for screen readers. */
export function QuantityStepper({ value, max, onChange, disabled, label }: { value: number; max: number; onChange: (n: number) => void; disabled?: boolean; label: string }) {
  return (
    <div className="inline-flex items-center rounded-md border" role="group" aria-label={`Quantity of ${label}`}>
      <Button type="button" variant="ghost" size="sm" className="h-8 w-8 px-0" aria-label="One fewer" disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
        <Minus aria-hidden />
      </Button>
      <output className="min-w-8 text-center text-sm font-medium tabular-nums" aria-live="polite">
        {value}
      </output>
      <Button type="button" variant="ghost" size="sm" className="h-8 w-8 px-0" aria-label="One more" disabled={disabled || value >= max} onClick={() => onChange(value + 1)}>
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
