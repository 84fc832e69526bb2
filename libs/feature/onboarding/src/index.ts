import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { createElement } from 'react';
import type { WizardSpec } from './wizard';
import { stepPath } from './paths';

export type { WizardSpec } from './wizard';

export interface WizardPagesOptions extends WizardSpec {
  /**
   * The wizard's base addresses: each serves the same wizard (the same saved progress), at `<path>/<slug>` per step and
   * at `<path>` itself, which resumes at the first step not saved. `frame: 'bare'` stands alone (with the portal's logo
   * and "Save and exit"); `'portal'` sits inside the portal's frame.
   */
  bases: { path: string; frame: 'bare' | 'portal'; resume?: boolean }[];
}

/**
 * A resumable wizard's pages (progress saved per step on the server, `api/internal/onboarding`). Steps come from the
 * domain feature that owns what the wizard sets up, written against `WizardStepProps` of @sojourn/routing.
 */
export function wizardPages(opts: WizardPagesOptions): PageSpec[] {
  const { bases, ...spec } = opts;
  const guard = PORTAL_ROLE_GUARD[spec.portal.id];
  const pages: PageSpec[] = [];
  for (const b of bases) {
    const bare = b.frame === 'bare';
    if (b.resume !== false) {
      pages.push({
        path: b.path,
        title: spec.title,
        frame: b.frame,
        guards: [guard],
        load: async () => {
          const { WizardResume } = await import('./wizard');
          return { default: () => createElement(WizardResume, { spec, base: b.path, bare }) };
        },
      });
    }
    for (const s of spec.steps) {
      pages.push({
        path: stepPath(b.path, s.slug),
        title: `${spec.title}: ${s.title}`,
        frame: b.frame,
        guards: [guard],
        load: async () => {
          const { WizardStepPage } = await import('./wizard');
          return { default: () => createElement(WizardStepPage, { spec, base: b.path, slug: s.slug, bare }) };
        },
      });
    }
  }
  return pages;
}
