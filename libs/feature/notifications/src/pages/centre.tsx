import { Button, CursorList, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger, cursorQuery } from '@sojourn/ui';
import type { PortalMeta } from '@sojourn/util';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BellOff, Settings } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { notificationKeys, notificationsApi } from '../api';
import { useNotificationActions, useNotificationSummary } from '../hooks';
import { preferencesPath } from '../paths';
import { NotificationRow } from '../row';

/** The notification centre: every notification newest first ("Load more"), all or unread, mark one or all read. */
export function NotificationCentre({ portal }: { portal: PortalMeta }) {
  const [unread, setUnread] = useState(false);
  const summary = useNotificationSummary();
  const { seen, read, readAll } = useNotificationActions();
  const q = useInfiniteQuery(cursorQuery(notificationKeys.list(unread), (cursor) => notificationsApi.list(cursor, 20, unread)));
  const unseen = summary.data?.unseen ?? 0;
  // Opening the centre shows everything: the bell's count goes back to zero.
  useEffect(() => {
    if (unseen > 0 && !seen.isPending) seen.mutate();
  }, [unseen, seen]);
  const unreadCount = summary.data?.unread ?? 0;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title="Notifications"
        description={unreadCount === 0 ? 'You are all caught up.' : `${unreadCount} unread`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" disabled={unreadCount === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
              Mark all read
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to={preferencesPath(portal.id)}>
                <Settings className="size-4" aria-hidden />
                Preferences
              </Link>
            </Button>
          </div>
        }
      />
      <Tabs value={unread ? 'unread' : 'all'} onValueChange={(v) => setUnread(v === 'unread')} className="grid gap-4">
        <TabsList aria-label="Which notifications" className="w-fit">
          <TabsTrigger value="all">All</TabsTrigger>
          <TabsTrigger value="unread">Unread</TabsTrigger>
        </TabsList>
        {/* One panel per tab (the tabs name their panels): the list of the chosen one. */}
        {(['all', 'unread'] as const).map((tab) => (
          <TabsContent key={tab} value={tab} className="mt-0">
            <CursorList
              query={q}
              rowKey={(n) => n.id}
              noun={['notification', 'notifications']}
              empty={{
                icon: <BellOff className="size-6" aria-hidden />,
                title: unread ? 'No unread notifications' : 'No notifications yet',
                description: 'Confirmations, orders, payouts and reviews will show up here as they happen.',
              }}
            >
              {(n) => <NotificationRow n={n} portal={portal.id} onOpen={(x) => !x.read_at && read.mutate(x)} />}
            </CursorList>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
