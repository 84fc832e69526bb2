import { errorMessage } from '@sojourn/api-client';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, ReasonDialog } from '@sojourn/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { adminPracticeApi, type AdminProviderDetail } from '../api/practice';
import { useRefresh } from './detail-parts';

/** Reinstating clears the suspension and its reason, confirmed first. */
function ReinstateDialog({ p }: { p: AdminProviderDetail }) {
  const [open, setOpen] = useState(false);
  const refresh = useRefresh(p.id);
  const reinstate = useMutation({
    mutationFn: () => adminPracticeApi.reinstate(p.id),
    onSuccess: (next) => {
      toast.success(`${p.display_name} is reinstated.`);
      setOpen(false);
      refresh(next);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Reinstate
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reinstate {p.display_name}?</DialogTitle>
          <DialogDescription>
            Their profile returns to the directory if it is published and complete, clients can book them again, and the suspension reason is cleared.
            The change is recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button loading={reinstate.isPending} onClick={() => reinstate.mutate()}>
            Reinstate provider
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Suspend (out of the directory, no new bookings; a reason is required) or reinstate, confirmed first. */
export function SuspendDialog({ p }: { p: AdminProviderDetail }) {
  const refresh = useRefresh(p.id);
  if (p.status === 'suspended') return <ReinstateDialog p={p} />;
  return (
    <ReasonDialog
      triggerLabel="Suspend"
      title={`Suspend ${p.display_name}?`}
      description="Their profile leaves the directory and their public page at once, so nobody can book them. Their account, bookings already made and reviews are kept. The change is recorded in the audit log."
      hint="Shown to the provider on their dashboard and profile until you reinstate them, and kept in the audit log."
      tooShort="Say why, in at least 3 characters: the provider reads it in their portal."
      confirmLabel="Suspend provider"
      onConfirm={async (reason) => {
        const next = await adminPracticeApi.suspend(p.id, reason);
        toast.success(`${p.display_name} is suspended.`);
        refresh(next);
      }}
    />
  );
}
