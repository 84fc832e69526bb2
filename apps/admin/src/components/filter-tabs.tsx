import { cn } from '@sojourn/util';

/**
 * A row of mutually exclusive filters that look like tabs. They filter one list rather than switch panels, so they
 * are toggle buttons (aria-pressed) in a labelled group, not ARIA tabs whose panels would not exist.
 */
export function FilterTabs<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (v: T) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex h-10 w-fit items-center rounded-md bg-muted p-1 text-muted-foreground">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'inline-flex h-8 items-center justify-center whitespace-nowrap rounded-sm px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            o.value === value ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
