import * as React from 'react';
import { Avatar } from '../components/avatar';

export interface ProfileLayoutProps {
  name: string;
  subtitle?: React.ReactNode;
  avatarUrl?: string | null;
  badges?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}

/** A person's page: a cover band with avatar, name and actions, then the content. */
export function ProfileLayout({ name, subtitle, avatarUrl, badges, actions, children }: ProfileLayoutProps) {
  return (
    <div className="mx-auto w-full max-w-5xl">
      <section className="overflow-hidden rounded-xl border bg-card">
        <div aria-hidden className="h-24 bg-[linear-gradient(120deg,var(--portal),color-mix(in_oklab,var(--portal)_55%,var(--sand)))] sm:h-32" />
        <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:px-6">
          <Avatar src={avatarUrl} name={name} size="xl" className="-mt-12 border-4 border-card" />
          <div className="grid min-w-0 flex-1 gap-1">
            <h1 className="truncate text-2xl font-semibold tracking-tight">{name}</h1>
            {subtitle && <div className="text-sm text-muted-foreground">{subtitle}</div>}
            {badges && <div className="flex flex-wrap gap-1.5 pt-1">{badges}</div>}
          </div>
          {actions && <div className="flex gap-2">{actions}</div>}
        </div>
      </section>
      <div className="mt-6">{children}</div>
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="max-w-2xl text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
