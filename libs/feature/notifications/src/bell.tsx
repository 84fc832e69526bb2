import { Button, Popover, PopoverContent, PopoverTrigger } from '@sojourn/ui';
import type { PortalMeta } from '@sojourn/util';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLatestNotifications, useNotificationActions, useNotificationSummary } from './hooks';
import { notificationsPath, preferencesPath } from './paths';
import { NotificationRow } from './row';

/** The header's bell: the unseen count as a badge, and the latest in a dropdown (opening it marks them seen). */
export default function NotificationBell({ portal }: { portal: PortalMeta }) {
  const [open, setOpen] = useState(false);
  const summary = useNotificationSummary();
  const latest = useLatestNotifications(open);
  const { seen, read, readAll } = useNotificationActions();
  const unseen = summary.data?.unseen ?? 0;
  const label = unseen === 0 ? 'Notifications, none new' : `Notifications, ${unseen} new`;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && unseen > 0) seen.mutate();
  };
  const rows = latest.data?.data ?? [];
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger
        aria-label={label}
        title={label}
        data-testid="notification-bell"
        className="relative inline-flex size-9 items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Bell className="size-5" aria-hidden />
        {unseen > 0 && (
          <span
            aria-hidden
            data-testid="notification-count"
            className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-primary px-1 text-center text-[11px] font-semibold leading-5 text-primary-foreground"
          >
            {unseen > 99 ? '99+' : unseen}
          </span>
        )}
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-0" aria-label="Latest notifications">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-semibold">Notifications</h2>
          <Button variant="ghost" size="sm" disabled={readAll.isPending || (summary.data?.unread ?? 0) === 0} onClick={() => readAll.mutate()}>
            Mark all read
          </Button>
        </div>
        <div className="max-h-[min(26rem,70vh)] overflow-y-auto p-1">
          {latest.isPending ? (
            <p className="p-4 text-sm text-muted-foreground" role="status">
              Loading…
            </p>
          ) : latest.isError ? (
            <p className="p-4 text-sm text-destructive" role="alert">
              Notifications could not be loaded.{' '}
              <button type="button" className="underline" onClick={() => void latest.refetch()}>
                Try again
              </button>
            </p>
          ) : rows.length === 0 ? (
            <p className="p-4 text-sm text-muted-foreground">Nothing yet. Bookings, orders and payments will show up here.</p>
          ) : (
            <ul className="grid gap-1">
              {rows.map((n) => (
                <li key={n.id}>
                  <NotificationRow
                    n={n}
                    portal={portal.id}
                    compact
                    onOpen={(x) => {
                      setOpen(false);
                      if (!x.read_at) read.mutate(x);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex items-center justify-between gap-2 border-t px-3 py-2 text-sm">
          <Link to={notificationsPath(portal.id)} className="font-medium text-primary hover:underline" onClick={() => setOpen(false)}>
            See all notifications
          </Link>
          <Link to={preferencesPath(portal.id)} className="text-muted-foreground hover:underline" onClick={() => setOpen(false)}>
            Preferences
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}
