import { errorMessage, type ApplicationStatus, type RoleApplication } from '@sojourn/api-client';
import { adminAccountKeys, adminAccountsApi } from '@sojourn/feature-account';
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  PageHeader,
  ReasonDialog,
} from '@sojourn/ui';
import { ROLE_LABELS, fieldLabel, formatDate } from '@sojourn/util';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { FilterTabs } from '../components/filter-tabs';

const PER_PAGE = 20;
const STATUSES: ApplicationStatus[] = ['pending', 'approved', 'rejected'];

function DetailsDialog({ app, onDone }: { app: RoleApplication; onDone: () => void }) {
  const entries = Object.entries((app.details ?? {}) as Record<string, unknown>);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="link" size="sm">
          View details
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {app.applicant?.username ?? 'Applicant'} · {ROLE_LABELS[app.role]}
          </DialogTitle>
          <DialogDescription>
            {app.applicant?.email} · applied {formatDate(app.created_at)}
          </DialogDescription>
        </DialogHeader>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">The applicant gave no details.</p>
        ) : (
          <dl className="grid max-h-[60vh] gap-3 overflow-y-auto">
            {entries.map(([k, v]) => (
              <div key={k} className="grid gap-0.5">
                <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{fieldLabel(k)}</dt>
                <dd className="whitespace-pre-line break-words text-sm">{Array.isArray(v) ? v.join(', ') : String(v)}</dd>
              </div>
            ))}
          </dl>
        )}
        {app.status === 'rejected' && app.reason && <p className="text-sm">Rejected: “{app.reason}”</p>}
        {app.status === 'pending' && (
          <DialogFooter>
            <RejectDialog app={app} onDone={onDone} />
            <ApproveDialog app={app} onDone={onDone} />
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Approving grants the role at once, so it asks first. */
function ApproveDialog({ app, onDone }: { app: RoleApplication; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const who = app.applicant?.username ?? 'the applicant';
  const approve = useMutation({
    mutationFn: () => adminAccountsApi.approve(app.id),
    onSuccess: () => {
      toast.success(`${app.applicant?.username ?? 'Applicant'} is now a ${ROLE_LABELS[app.role].toLowerCase()}.`);
      setOpen(false);
      onDone();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Approve</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Approve {who} as {ROLE_LABELS[app.role].toLowerCase()}?
          </DialogTitle>
          <DialogDescription>
            They get the role and its portal at once, and what they gave in the application fills their profile. The decision is recorded in the audit
            log.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button loading={approve.isPending} onClick={() => approve.mutate()}>
            Approve application
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function RejectDialog({ app, onDone }: { app: RoleApplication; onDone: () => void }) {
  return (
    <ReasonDialog
      triggerLabel="Reject"
      triggerSize="sm"
      title="Reject this application?"
      description={`${app.applicant?.username ?? 'The applicant'} applied to be a ${ROLE_LABELS[app.role].toLowerCase()}. They will see your reason and can apply again.`}
      tooShort="Give the applicant a reason (at least 3 characters)."
      confirmLabel="Reject application"
      onConfirm={async (reason) => {
        await adminAccountsApi.reject(app.id, reason);
        toast.success(`Application from ${app.applicant?.username ?? 'the applicant'} rejected.`);
      }}
      onDone={onDone}
    />
  );
}

export default function ApplicationsPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as string[]).includes(params.get('status') ?? '') ? (params.get('status') as ApplicationStatus) : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (next: Record<string, string>) => setParams({ status, page: String(page), ...next }, { replace: true });
  const query = useQuery({
    queryKey: adminAccountKeys.applications(status, page),
    queryFn: () => adminAccountsApi.applications({ status, page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminAccountKeys.applicationsAll });

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Role applications" description="Approve providers whose details check out; reject with a reason they can act on." />
      <FilterTabs label="Applications to show" value={status} options={STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))} onChange={(v) => set({ status: v, page: '1' })} />
      <DataTable
        caption={`${status} role applications`}
        responsive="cards"
        rows={query.data?.data}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(a) => a.id}
        page={page}
        perPage={PER_PAGE}
        total={query.data?.meta.total ?? 0}
        onPageChange={(p) => set({ page: String(p) })}
        empty={{
          title: status === 'pending' ? 'The queue is empty' : `No ${status} applications`,
          description: status === 'pending' ? 'New applications appear here as soon as they are submitted.' : undefined,
        }}
        columns={[
          {
            key: 'applicant',
            header: 'Applicant',
            className: 'min-w-52',
            cell: (a) => (
              <Link to={`/admin-dashboard/userDetails?id=${encodeURIComponent(a.user_id)}`} className="grid underline-offset-4 hover:underline">
                <span className="font-medium">{a.applicant?.username ?? a.user_id}</span>
                <span className="text-xs text-muted-foreground">{a.applicant?.email}</span>
              </Link>
            ),
          },
          { key: 'role', header: 'Role', cell: (a) => <Badge variant="soft">{ROLE_LABELS[a.role]}</Badge> },
          { key: 'date', header: 'Applied', cell: (a) => formatDate(a.created_at) },
          { key: 'details', header: 'Details', cell: (a) => <DetailsDialog app={a} onDone={refresh} /> },
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            className: 'text-right',
            cell: (a) =>
              a.status === 'pending' ? (
                <span className="flex justify-end gap-2">
                  <ApproveDialog app={a} onDone={refresh} />
                  <RejectDialog app={a} onDone={refresh} />
                </span>
              ) : (
                <Badge variant={a.status === 'approved' ? 'success' : 'destructive'} className="capitalize">
                  {a.status} {a.decided_at ? formatDate(a.decided_at) : ''}
                </Badge>
              ),
          },
        ]}
      />
    </div>
  );
}
