import { Button, Input, Label, TagInput } from '@sojourn/ui';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_OPTIONS, variantTitle, type ProductOption, type VariantRow } from '../variants';

/** The options (up to three, each with its values): changing them rebuilds the grid (buildMatrix). */
export function OptionsEditor({ options, onChange }: { options: ProductOption[]; onChange: (o: ProductOption[]) => void }) {
  const set = (i: number, o: ProductOption) => onChange(options.map((x, j) => (j === i ? o : x)));
  return (
    <div className="grid gap-3">
      {options.map((o, i) => (
        <div key={i} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start">
          <div className="grid gap-1.5">
            <Label htmlFor={`opt-name-${i}`}>Option {i + 1}</Label>
            <Input id={`opt-name-${i}`} maxLength={30} placeholder="Colour, Size…" value={o.name} onChange={(e) => set(i, { ...o, name: e.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`opt-values-${i}`}>Values</Label>
            <TagInput id={`opt-values-${i}`} value={o.values} max={20} placeholder="Type a value and press Enter" onChange={(values) => set(i, { ...o, values: values.map((v) => v.slice(0, 40)) })} />
          </div>
          <Button variant="ghost" size="sm" className="sm:mt-6" aria-label={`Remove option ${o.name || i + 1}`} onClick={() => onChange(options.filter((_, j) => j !== i))}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      {options.length < MAX_OPTIONS && (
        <Button variant="outline" className="justify-self-start" onClick={() => onChange([...options, { name: '', values: [] }])}>
          <Plus aria-hidden /> {options.length ? 'Add another option' : 'Add options such as size or colour'}
        </Button>
      )}
    </div>
  );
}

const COLS: { key: keyof Omit<VariantRow, 'id' | 'values'>; problem: string; label: string; inputMode: 'decimal' | 'numeric' | 'text'; width: string }[] = [
  { key: 'sku', problem: 'sku', label: 'SKU', inputMode: 'text', width: 'w-32' },
  { key: 'price', problem: 'price', label: 'Price (₦)', inputMode: 'decimal', width: 'w-28' },
  { key: 'compareAt', problem: 'compareAt', label: 'Compare-at (₦)', inputMode: 'decimal', width: 'w-28' },
  { key: 'stock', problem: 'stock', label: 'Stock', inputMode: 'numeric', width: 'w-20' },
  { key: 'weight', problem: 'weight', label: 'Weight (g)', inputMode: 'numeric', width: 'w-24' },
];

/** The variants: one row per combination, with SKU, price, compare-at price, stock and weight. */
export function VariantGrid({ rows, onChange, problems }: { rows: VariantRow[]; onChange: (rows: VariantRow[]) => void; problems: Record<string, string> }) {
  const set = (i: number, key: keyof VariantRow, v: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  const messages = Object.entries(problems).filter(([k]) => /^\d+\./.test(k));
  return (
    <div className="grid gap-2">
      {/* The grid scrolls sideways on a phone; it takes focus so a keyboard can scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label="Variants">
        <table className="w-full min-w-[40rem] text-sm">
          <thead className="bg-muted/60 text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Variant
              </th>
              {COLS.map((c) => (
                <th key={c.key} scope="col" className="px-2 py-2 font-medium">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const name = variantTitle(r.values) || 'Single variant';
              return (
                <tr key={r.values.join('\u241f') || 'single'} className="border-t">
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {name}
                  </th>
                  {COLS.map((c) => {
                    const problem = problems[`${i}.${c.problem}`];
                    return (
                      <td key={c.key} className="px-2 py-1.5">
                        <Input
                          aria-label={`${c.label} of ${name}`}
                          inputMode={c.inputMode}
                          className={`h-9 ${c.width}`}
                          maxLength={c.key === 'sku' ? 40 : 14}
                          value={r[c.key]}
                          aria-invalid={Boolean(problem) || undefined}
                          onChange={(e) => set(i, c.key, e.target.value)}
                        />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {messages.length > 0 && (
        <ul className="grid gap-0.5 text-sm text-destructive" aria-live="polite">
          {messages.map(([k, m]) => (
            <li key={k}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
