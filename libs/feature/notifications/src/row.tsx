import { cn, type PortalId } from '@sojourn/util';
import { Bell, CalendarCheck, CreditCard, MessageSquare, Package, ShieldCheck, Sparkles, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { Notification } from './api';
import { CATEGORY_LABEL, target, when } from './format';

const ICONS: Record<string, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  bookings: CalendarCheck,
  orders: Package,
  payments: CreditCard,
  messages: MessageSquare,
  social: Users,
  marketing: Sparkles,
  account: ShieldCheck,
};

/** One notification: unread ones in bold with a dot; the title links to what it is about and marks it read. */
export function NotificationRow({ n, portal, onOpen, compact = false }: { n: Notification; portal: PortalId; onOpen: (n: Notification) => void; compact?: boolean }) {
  const Icon = ICONS[n.category] ?? Bell;
  const unread = !n.read_at;
  const to = target(n, portal);
  const title = (
    <>
      {n.title}
      {n.count > 1 && <span className="ml-1 font-normal text-muted-foreground">({n.count})</span>}
    </>
  );
  const titleClass = cn('text-sm leading-snug hover:underline focus-visible:underline', unread ? 'font-semibold text-foreground' : 'text-foreground/85');
  return (
    <div className={cn('flex gap-3 rounded-md', compact ? 'px-2 py-2' : 'p-3 sm:p-4', unread && 'bg-primary/5')}>
      <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        {to?.internal ? (
          <Link to={to.href} className={titleClass} onClick={() => onOpen(n)}>
            {title}
          </Link>
        ) : to ? (
          <a href={to.href} className={titleClass} onClick={() => onOpen(n)}>
            {title}
          </a>
        ) : (
          <p className={cn('text-sm leading-snug', unread ? 'font-semibold' : '')}>{title}</p>
        )}
        {n.body && !compact && <p className="text-sm text-muted-foreground">{n.body}</p>}
        <p className="text-xs text-muted-foreground">
          {CATEGORY_LABEL[n.category] ?? n.category} · <time dateTime={n.created_at}>{when(n.created_at)}</time>
          {unread && <span className="sr-only"> · unread</span>}
        </p>
      </div>
      {unread && <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-primary" />}
    </div>
  );
}
