import { errorMessage } from '@sojourn/api-client';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  ErrorState,
  FormAlert,
  Input,
  Label,
} from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { bookingsApi, wellnessKeys } from '../api';

/** The calendar page's private iCalendar feed address: copy it, or replace it with a new one. */
export function FeedCard() {
  const qc = useQueryClient();
  const feed = useQuery({ queryKey: wellnessKeys.feed, queryFn: bookingsApi.feedUrl });
  const [copied, setCopied] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const rotate = useMutation({
    mutationFn: bookingsApi.rotateFeedUrl,
    onSuccess: (d) => {
      qc.setQueryData(wellnessKeys.feed, d);
      setConfirm(false);
      setCopied(false);
    },
  });
  const url = feed.data?.url ? new URL(feed.data.url, window.location.origin).toString() : '';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Subscribe in your calendar app</CardTitle>
        <CardDescription>Add this private address to Google Calendar, Outlook or Apple Calendar to see your sessions there. Anyone with it can read your calendar.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {feed.isError ? (
          <ErrorState title="We could not load your calendar address" error={feed.error} onRetry={() => void feed.refetch()} />
        ) : (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor="feed-url">Calendar feed address</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input id="feed-url" readOnly value={feed.isPending ? 'Loading…' : url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
                <Button
                  variant="outline"
                  disabled={!url}
                  onClick={async () => {
                    try {
                      await navigator.clipboard.writeText(url);
                      setCopied(true);
                    } catch {
                      setCopied(false);
                    }
                  }}
                >
                  <Copy aria-hidden /> {copied ? 'Copied' : 'Copy'}
                </Button>
                <Button variant="ghost" disabled={!url} onClick={() => setConfirm(true)}>
                  <RefreshCw aria-hidden /> New address
                </Button>
              </div>
              <p className="sr-only" aria-live="polite">
                {copied ? 'Address copied' : ''}
              </p>
            </div>
          </>
        )}
      </CardContent>
      <Dialog open={confirm} onOpenChange={setConfirm}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Make a new address?</DialogTitle>
            <DialogDescription>The current address stops working at once. Calendar apps subscribed to it will need the new one.</DialogDescription>
          </DialogHeader>
          {rotate.error && <FormAlert>{errorMessage(rotate.error)}</FormAlert>}
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirm(false)}>
              Keep the current one
            </Button>
            <Button loading={rotate.isPending} onClick={() => rotate.mutate()}>
              Make a new address
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
