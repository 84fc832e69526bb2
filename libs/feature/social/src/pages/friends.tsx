import { errorMessage } from '@sojourn/api-client';
import { Button, CursorList, cursorQuery, EmptyState, ErrorState, Input, Label, PageHeader, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Inbox, Search, Send, Sparkles, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { personName, socialApi, socialKeys, when, type SocialPerson, type SocialRelation } from '../api';
import { useLiveFriends } from '../live';
import { PersonRow } from '../person';
import { PrivacySettings } from '../privacy-form';

const TABS = [
  { value: 'received', label: 'Requests' },
  { value: 'sent', label: 'Sent' },
  { value: 'friends', label: 'Friends' },
  { value: 'suggestions', label: 'Suggestions' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'privacy', label: 'Privacy' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** A mutation that refreshes every social list and says what happened. */
function useAction<A>(fn: (a: A) => Promise<unknown>, done: string | ((a: A) => string)) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_r, a) => {
      toast.success(typeof done === 'string' ? done : done(a));
      void qc.invalidateQueries({ queryKey: socialKeys.all });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
}

function BlockButton({ person }: { person: SocialPerson }) {
  const block = useAction((p: SocialPerson) => socialApi.block(p.id), (p) => `${personName(p)} is blocked.`);
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={block.isPending}
      aria-label={`Block ${personName(person)}`}
      onClick={() => {
        if (window.confirm(`Block ${personName(person)}? You will stop being friends, and neither of you can message, request or see the other's posts.`)) block.mutate(person);
      }}
    >
      Block
    </Button>
  );
}

function AddButton({ person, label = 'Add friend' }: { person: SocialPerson; label?: string }) {
  const send = useAction(
    (p: SocialPerson) => socialApi.sendRequest(p.id),
    (p) => `Friend request sent to ${personName(p)}.`,
  );
  return (
    <Button size="sm" loading={send.isPending} onClick={() => send.mutate(person)} aria-label={`${label}: ${personName(person)}`}>
      <UserPlus className="size-4" aria-hidden /> {label}
    </Button>
  );
}

function Received() {
  const q = useInfiniteQuery(cursorQuery(socialKeys.requests('received'), (c) => socialApi.requests('received', c)));
  const accept = useAction((id: string) => socialApi.accept(id), 'You are now friends.');
  const decline = useAction((id: string) => socialApi.decline(id), 'Request declined.');
  return (
    <CursorList
      query={q}
      rowKey={(r) => r.id}
      noun={['request', 'requests']}
      empty={{ icon: <Inbox className="size-6" />, title: 'No friend requests', description: 'When someone asks to be your friend, it shows here.' }}
    >
      {(r) => (
        <PersonRow person={r.from} detail={`Sent ${when(r.created_at)}`}>
          <Button size="sm" onClick={() => accept.mutate(r.id)} loading={accept.isPending && accept.variables === r.id} aria-label={`Accept ${personName(r.from)}`}>
            Accept
          </Button>
          <Button size="sm" variant="outline" onClick={() => decline.mutate(r.id)} loading={decline.isPending && decline.variables === r.id} aria-label={`Decline ${personName(r.from)}`}>
            Decline
          </Button>
          <BlockButton person={r.from} />
        </PersonRow>
      )}
    </CursorList>
  );
}

function Sent() {
  const q = useInfiniteQuery(cursorQuery(socialKeys.requests('sent'), (c) => socialApi.requests('sent', c)));
  const cancel = useAction((id: string) => socialApi.cancel(id), 'Request withdrawn.');
  return (
    <CursorList
      query={q}
      rowKey={(r) => r.id}
      noun={['request', 'requests']}
      empty={{ icon: <Send className="size-6" />, title: 'No requests waiting', description: 'Requests you send wait here until they are answered.' }}
    >
      {(r) => (
        <PersonRow person={r.to} detail={`Sent ${when(r.created_at)}`}>
          <Button size="sm" variant="outline" onClick={() => cancel.mutate(r.id)} loading={cancel.isPending && cancel.variables === r.id} aria-label={`Withdraw the request to ${personName(r.to)}`}>
            Withdraw
          </Button>
        </PersonRow>
      )}
    </CursorList>
  );
}

function FriendsList() {
  const q = useInfiniteQuery(cursorQuery(socialKeys.friends, (c) => socialApi.friends(c)));
  const unfriend = useAction((p: SocialPerson) => socialApi.unfriend(p.id), (p) => `You and ${personName(p)} are no longer friends.`);
  return (
    <CursorList
      query={q}
      rowKey={(f) => f.person.id}
      noun={['friend', 'friends']}
      empty={{ icon: <Users className="size-6" />, title: 'No friends yet', description: 'Find people you know under Suggestions, or search for them above.' }}
    >
      {(f) => (
        <PersonRow person={f.person} detail={`Friends since ${new Date(f.since).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`}>
          <Button asChild size="sm" variant="outline">
            <a href={`/messaging?to=${encodeURIComponent(f.person.id)}`} aria-label={`Message ${personName(f.person)}`}>
              Message
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href={`/video-chat?call=${encodeURIComponent(f.person.id)}`} aria-label={`Video call ${personName(f.person)}`}>
              Video call
            </a>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            loading={unfriend.isPending && unfriend.variables?.id === f.person.id}
            onClick={() => {
              if (window.confirm(`Remove ${personName(f.person)} from your friends?`)) unfriend.mutate(f.person);
            }}
            aria-label={`Unfriend ${personName(f.person)}`}
          >
            Unfriend
          </Button>
          <BlockButton person={f.person} />
        </PersonRow>
      )}
    </CursorList>
  );
}

function Suggestions() {
  const q = useQuery({ queryKey: socialKeys.suggestions, queryFn: socialApi.suggestions });
  if (q.isPending) return <Skeleton className="h-40" />;
  if (q.isError) return <ErrorState title="We could not load suggestions" error={q.error} onRetry={() => void q.refetch()} />;
  if (q.data.length === 0)
    return (
      <EmptyState
        icon={<Sparkles className="size-6" />}
        title="No suggestions right now"
        description="We suggest friends of your friends, people who booked the same tour departures as you and people who share your interests."
      />
    );
  return (
    <ul className="grid gap-3">
      {q.data.map((s) => (
        <li key={s.person.id}>
          <PersonRow person={s.person} detail={s.reasons.join(' · ')}>
            <AddButton person={s.person} />
          </PersonRow>
        </li>
      ))}
    </ul>
  );
}

function BlockedList() {
  const q = useInfiniteQuery(cursorQuery(socialKeys.blocks, (c) => socialApi.blocks(c)));
  const unblock = useAction((p: SocialPerson) => socialApi.unblock(p.id), (p) => `${personName(p)} is unblocked.`);
  return (
    <CursorList
      query={q}
      rowKey={(b) => b.person.id}
      noun={['person', 'people']}
      empty={{ icon: <Ban className="size-6" />, title: 'You have blocked nobody', description: 'People you block cannot message you, send you requests or see your posts.' }}
    >
      {(b) => (
        <PersonRow person={b.person} detail={`Blocked ${when(b.blocked_at)}`}>
          <Button size="sm" variant="outline" onClick={() => unblock.mutate(b.person)} loading={unblock.isPending && unblock.variables?.id === b.person.id} aria-label={`Unblock ${personName(b.person)}`}>
            Unblock
          </Button>
        </PersonRow>
      )}
    </CursorList>
  );
}

function RelationActions({ r }: { r: SocialRelation }) {
  const accept = useAction((id: string) => socialApi.accept(id), 'You are now friends.');
  switch (r.status) {
    case 'friends':
      return <span className="text-sm text-muted-foreground">Friends</span>;
    case 'request_sent':
      return <span className="text-sm text-muted-foreground">Request sent</span>;
    case 'request_received':
      return (
        <Button size="sm" onClick={() => accept.mutate(r.request_id ?? '')} loading={accept.isPending} aria-label={`Accept ${personName(r.person)}`}>
          Accept request
        </Button>
      );
    case 'blocked':
      return <span className="text-sm text-muted-foreground">Blocked</span>;
    default:
      return <AddButton person={r.person} />;
  }
}

function FindPeople() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useQuery({ queryKey: socialKeys.people(q), queryFn: () => socialApi.people(q), enabled: q.length >= 2 });
  return (
    <section className="grid gap-3" aria-labelledby="find-people">
      <form
        className="flex flex-wrap items-end gap-2"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
        }}
      >
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor="people-q" id="find-people">
            Find people by username or email
          </Label>
          <Input id="people-q" value={text} onChange={(e) => setText(e.target.value)} minLength={2} maxLength={60} placeholder="e.g. tunde" autoComplete="off" />
        </div>
        <Button type="submit" variant="outline" disabled={text.trim().length < 2}>
          <Search className="size-4" aria-hidden /> Search
        </Button>
      </form>
      {q.length >= 2 &&
        (found.isPending ? (
          <Skeleton className="h-20" />
        ) : found.isError ? (
          <ErrorState title="The search failed" error={found.error} onRetry={() => void found.refetch()} />
        ) : found.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" role="status">
            Nobody matches “{q}”.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="People found">
            {found.data.map((r) => (
              <li key={r.person.id}>
                <PersonRow person={r.person}>
                  <RelationActions r={r} />
                </PersonRow>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

/** /friendrequest: requests received and sent, friends, suggestions, blocked people and privacy settings. */
export default function FriendsPage() {
  useLiveFriends();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.some((t) => t.value === params.get('tab')) ? (params.get('tab') as Tab) : 'received';
  const received = useInfiniteQuery(cursorQuery(socialKeys.requests('received'), (c) => socialApi.requests('received', c)));
  const waiting = received.data?.pages.flatMap((p) => p.data).length ?? 0;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Friends" description="Friend requests, your friends, people you may know and who can reach you." />
      <FindPeople />
      <Tabs value={tab} onValueChange={(v) => setParams({ tab: v }, { replace: true })}>
        <TabsList className="flex h-auto w-full flex-wrap justify-start">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
              {t.value === 'received' && waiting > 0 && (
                <span className="ml-1.5 rounded-full bg-primary px-1.5 text-xs text-primary-foreground" aria-label={`${waiting} waiting`} data-testid="requests-waiting">
                  {waiting}
                </span>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="received" className="pt-4">
          <Received />
        </TabsContent>
        <TabsContent value="sent" className="pt-4">
          <Sent />
        </TabsContent>
        <TabsContent value="friends" className="pt-4">
          <FriendsList />
        </TabsContent>
        <TabsContent value="suggestions" className="pt-4">
          <Suggestions />
        </TabsContent>
        <TabsContent value="blocked" className="pt-4">
          <BlockedList />
        </TabsContent>
        <TabsContent value="privacy" className="pt-4">
          <PrivacySettings />
        </TabsContent>
      </Tabs>
    </div>
  );
}
