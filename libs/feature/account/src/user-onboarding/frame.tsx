import { Button, Logo, Progress } from '@sojourn/ui';
import { PORTALS } from '@sojourn/util';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { STEPS, stepIndex } from './model';

/** The journey's own frame: the logo, "save and continue later", the progress, and one focused column. */
export function JourneyFrame({ step, onLater, children }: { step?: string; onLater?: (() => void) | undefined; children: ReactNode }) {
  const i = step ? stepIndex(step) : -1;
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-8">
          <Link to="/" className="rounded-md" aria-label="Sojourn home">
            <Logo name={PORTALS.user.name} />
          </Link>
          {onLater && (
            <Button type="button" variant="ghost" size="sm" onClick={onLater}>
              Save and continue later
            </Button>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto grid max-w-3xl gap-6 px-4 py-6 outline-none sm:px-8 sm:py-10">
        {i >= 0 && (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">
              {i === 0 ? 'Getting started' : `Step ${i} of ${STEPS.length - 1}`}
            </p>
            <Progress value={(100 * (i + 1)) / STEPS.length} label={`Onboarding progress: step ${i + 1} of ${STEPS.length}`} />
          </div>
        )}
        {children}
      </main>
    </div>
  );
}
