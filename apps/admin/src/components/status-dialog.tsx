import { errorMessage, type User } from '@sojourn/api-client';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Label, Textarea } from '@sojourn/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { adminAccountsApi } from '@sojourn/feature-account';

/** Suspend or reinstate an account, with a reason kept in the audit log. */
export function StatusDialog({ user, onDone }: { user: User; onDone: () => void }) {
  const suspending = user.status === 'active';
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => adminAccountsApi.updateUser(user.id, { status: suspending ? 'suspended' : 'active', reason: reason.trim() }),
    onSuccess: () => {
      toast.success(suspending ? `${user.username} is suspended and has been signed out.` : `${user.username} is reinstated.`);
      setOpen(false);
      setReason('');
      onDone();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const submit = () => {
    if (suspending && reason.trim().length < 3) {
      setError('Give a reason of at least 3 characters; it is kept in the audit log.');
      return;
    }
    setError(null);
    mutation.mutate();
  };
  const id = `reason-${user.id}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant={suspending ? 'outline' : 'secondary'} size="sm" onClick={() => setOpen(true)}>
        {suspending ? 'Suspend' : 'Reinstate'}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{suspending ? `Suspend ${user.username}?` : `Reinstate ${user.username}?`}</DialogTitle>
          <DialogDescription>
            {suspending
              ? 'They are signed out everywhere and cannot sign in until reinstated. Their bookings and data are kept.'
              : 'They can sign in again straight away.'}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={id}>Reason{suspending ? '' : ' (optional)'}</Label>
          <Textarea id={id} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
          {error && (
            <p id={`${id}-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant={suspending ? 'destructive' : 'default'} loading={mutation.isPending} onClick={submit}>
            {suspending ? 'Suspend account' : 'Reinstate account'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
