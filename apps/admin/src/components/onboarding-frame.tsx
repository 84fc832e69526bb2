import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@sojourn/ui';
import type * as React from 'react';

/** Set when a new admin chooses "Skip for now", so the overview does not send them back this session. */
export const ONBOARDING_SKIPPED = 'sojourn-admin-onboarding-skipped';

export const ONBOARDING_STEPS = ['/admin-onboarding/one', '/admin-onboarding/photoUpload', '/admin-onboarding/photoUploadTwo'] as const;

/** One step of a new admin's first sign-in: the step count, a heading and the step's form. */
export function OnboardingFrame({ step, title, description, children }: { step: 1 | 2 | 3; title: string; description: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-lg gap-4 py-4">
      <p className="text-sm font-medium text-muted-foreground">Step {step} of 3 · Setting up your admin account</p>
      <ol className="grid grid-cols-3 gap-2" aria-label="Progress">
        {[1, 2, 3].map((n) => (
          <li key={n} aria-current={n === step ? 'step' : undefined} className={`h-1.5 rounded-full ${n <= step ? 'bg-primary' : 'bg-muted'}`}>
            <span className="sr-only">
              Step {n}
              {n < step ? ', done' : n === step ? ', current' : ''}
            </span>
          </li>
        ))}
      </ol>
      <Card>
        <CardHeader>
          <CardTitle as="h1">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </div>
  );
}
