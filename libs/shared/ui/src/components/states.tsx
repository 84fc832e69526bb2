import { cn } from '@sojourn/util';
import { AlertTriangle, Inbox } from 'lucide-react';
import type * as React from 'react';
import { Button } from './button';

export function EmptyState({
  title,
  description,
  icon,
  action,
  className,
}: {
  title: string;
  description?: string | undefined;
  icon?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center', className)}>
      <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden>
        {icon ?? <Inbox className="size-6" />}
      </div>
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        {description && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
      </div>
      {action}
    </div>
  );
}

export function ErrorState({
  title = 'Something went wrong',
  error,
  onRetry,
  className,
}: {
  title?: string;
  error?: unknown;
  onRetry?: (() => void) | undefined;
  className?: string;
}) {
  const message = error instanceof Error && error.message ? error.message : 'Please try again in a moment.';
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-10 text-center', className)}>
      <AlertTriangle className="size-8 text-destructive" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      </div>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
