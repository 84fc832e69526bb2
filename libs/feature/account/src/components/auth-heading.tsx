import type * as React from 'react';

export function AuthHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6 grid gap-2">
      <h1 className="font-display text-3xl font-semibold tracking-tight">{title}</h1>
      {children && <p className="text-muted-foreground">{children}</p>}
    </div>
  );
}
