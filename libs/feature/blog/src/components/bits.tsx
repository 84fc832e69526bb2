import { Badge } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import type { BlogStatus } from '../api';
import { STATUS_LABEL, STATUS_TONE, type Tone } from '../logic';

const TONE: Record<Tone, string> = {
  neutral: 'border-border bg-muted text-foreground',
  info: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  danger: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

export function StatusBadge({ status, className }: { status: BlogStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(TONE[STATUS_TONE[status]], className)}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

/** The typography of a rendered post (server-sanitised HTML). */
export const PROSE =
  'blog-prose grid gap-4 leading-7 [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_figcaption]:text-sm [&_figcaption]:text-muted-foreground [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_img]:rounded-lg [&_img]:w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_.blog-embed]:block [&_.blog-embed]:rounded-lg [&_.blog-embed]:border [&_.blog-embed]:p-4 [&_.blog-embed]:no-underline';
