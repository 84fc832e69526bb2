import { errorMessage } from '@sojourn/api-client';
import { Avatar, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, CursorList, cursorQuery } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { toast } from 'react-toastify';
import { matchmakingApi, matchmakingKeys, type MatchHidden } from '../api';

function Row({ h }: { h: MatchHidden }) {
  const qc = useQueryClient();
  const unhide = useMutation({
    mutationFn: () => matchmakingApi.unhide(h.person.id),
    onSuccess: () => {
      toast.success(`${h.person.display_name} can see you again, and you them.`);
      void qc.invalidateQueries({ queryKey: matchmakingKeys.hidden });
      void qc.invalidateQueries({ queryKey: matchmakingKeys.candidates });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar src={h.person.avatar_url} name={h.person.display_name} size="sm" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{h.person.display_name}</p>
          <p className="text-xs text-muted-foreground">
            Hidden {new Date(h.hidden_at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}
            {h.person.place ? ` · ${h.person.place}` : ''}
          </p>
        </div>
      </div>
      <Button variant="outline" size="sm" disabled={unhide.isPending} onClick={() => unhide.mutate()} aria-label={`Unhide ${h.person.display_name}`}>
        <Eye aria-hidden /> Unhide
      </Button>
    </div>
  );
}

/** The people the member hid, to unhide them (GET /matchmaking/hidden, keyset). */
export function HiddenPeople() {
  const q = useInfiniteQuery(cursorQuery(matchmakingKeys.hidden, (cursor) => matchmakingApi.hidden(cursor)));
  return (
    <Card>
      <CardHeader>
        <CardTitle>People you hid</CardTitle>
        <CardDescription>Neither of you sees the other in matchmaking. Unhide someone to change that; they are not told either way.</CardDescription>
      </CardHeader>
      <CardContent>
        <CursorList
          query={q}
          rowKey={(h) => h.person.id}
          noun={['hidden person', 'hidden people']}
          empty={{ icon: <EyeOff aria-hidden />, title: 'You have not hidden anyone', description: 'Hide someone from their card in matchmaking.' }}
        >
          {(h) => <Row h={h} />}
        </CursorList>
      </CardContent>
    </Card>
  );
}
