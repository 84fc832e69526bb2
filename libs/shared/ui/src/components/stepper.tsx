import { cn } from '@sojourn/util';
import { Check } from 'lucide-react';

export interface StepperProps {
  steps: string[];
  /** Zero-based index of the current step. */
  current: number;
  className?: string;
}

/** Progress through a multi-step flow. Completed steps show a tick; the current one is announced. */
export function Stepper({ steps, current, className }: StepperProps) {
  return (
    <ol className={cn('flex w-full items-center gap-2', className)} aria-label="Progress">
      {steps.map((label, i) => {
        const done = i < current;
        const active = i === current;
        return (
          <li key={label} className="flex flex-1 items-center gap-2 last:flex-none" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                done && 'border-primary bg-primary text-primary-foreground',
                active && 'border-primary text-primary',
                !done && !active && 'border-border text-muted-foreground',
              )}
            >
              {done ? <Check className="size-4" aria-hidden /> : i + 1}
            </span>
            <span className={cn('hidden text-sm sm:inline', active ? 'font-semibold' : 'text-muted-foreground')}>
              {label}
              <span className="sr-only">{done ? ' (completed)' : active ? ' (current step)' : ''}</span>
            </span>
            {i < steps.length - 1 && <span aria-hidden className={cn('h-0.5 flex-1 rounded', done ? 'bg-primary' : 'bg-border')} />}
          </li>
        );
      })}
    </ol>
  );
}
