/** Where a wizard's step lives under one of its base addresses. */
export const stepPath = (base: string, slug: string) => `${base.replace(/\/+$/, '')}/${slug}`;

/** The step to open at a wizard's base address: the first one not saved, else the last (to review and submit). */
export function resumeSlug(slugs: readonly string[], nextStep: string | null | undefined): string {
  if (nextStep && slugs.includes(nextStep)) return nextStep;
  return slugs[slugs.length - 1] ?? '';
}

/** Whether a step may be opened: every step before it is saved (or it is saved itself). */
export function reachable(slugs: readonly string[], saved: ReadonlySet<string>, slug: string): boolean {
  const i = slugs.indexOf(slug);
  if (i < 0) return false;
  if (saved.has(slug)) return true;
  return slugs.slice(0, i).every((s) => saved.has(s));
}
