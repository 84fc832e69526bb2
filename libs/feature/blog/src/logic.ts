import { diffWords } from 'diff';
import type { BlogStatus } from './api';

export const STATUS_LABEL: Record<BlogStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  scheduled: 'Scheduled',
  published: 'Published',
  unpublished: 'Unpublished',
};

export type Tone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

export const STATUS_TONE: Record<BlogStatus, Tone> = {
  draft: 'neutral',
  in_review: 'info',
  scheduled: 'warning',
  published: 'success',
  unpublished: 'danger',
};

/** A slug from a title, as the server makes one: lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return s || 'post';
}

export const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Reading time at 220 words a minute, at least one minute. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 220));
}

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The word-level difference from `before` to `after`, for the revision view. */
export function textDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((p) => ({ kind: p.added ? 'added' : p.removed ? 'removed' : 'same', text: p.value }));
}

/** "Saved", "Saving…", "Unsaved changes", "Conflict" from the autosave's state. */
export type SaveState = 'saved' | 'dirty' | 'saving' | 'conflict' | 'error';

export const SAVE_LABEL: Record<SaveState, string> = {
  saved: 'Saved',
  dirty: 'Unsaved changes',
  saving: 'Saving…',
  conflict: 'Saved elsewhere: reload to continue',
  error: 'Not saved: retrying when you type',
};

/** Share links for a post's public address. */
export function shareLinks(url: string, title: string): { label: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: 'Share on X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'Share on LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: 'Share by email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}

/** A date as readers see it: "3 March 2026". */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A datetime-local input's value as an ISO instant, or null when empty or unparsable. */
export function localToISO(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
