import { errorMessage } from '@sojourn/api-client';
import { Button, Card, EmptyState, ErrorState, Input, Label, PageHeader, Skeleton, Textarea } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { supportApi, supportKeys, type Faq } from '../api';
import { ADMIN_SUPPORT_PATH } from '../paths';

function FaqForm({ faq, onDone }: { faq?: Faq; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [category, setCategory] = useState(faq?.category ?? '');
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [position, setPosition] = useState(String(faq?.position ?? 0));
  const save = useMutation({
    mutationFn: () => {
      const body = { category, question, answer, position: Number(position) || 0 };
      return faq ? supportApi.updateFaq(faq.id, body) : supportApi.createFaq(body);
    },
    onSuccess: () => {
      toast.success(faq ? 'FAQ saved.' : 'FAQ added.');
      void queryClient.invalidateQueries({ queryKey: [...supportKeys.all, 'faqs'] });
      onDone();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const p = faq?.id ?? 'new';
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${p}-cat`}>Category</Label>
          <Input id={`${p}-cat`} required maxLength={60} value={category} onChange={(e) => setCategory(e.target.value)} placeholder="Bookings" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${p}-pos`}>Position</Label>
          <Input id={`${p}-pos`} type="number" min={0} max={10000} value={position} onChange={(e) => setPosition(e.target.value)} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${p}-q`}>Question</Label>
        <Input id={`${p}-q`} required maxLength={300} value={question} onChange={(e) => setQuestion(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${p}-a`}>Answer</Label>
        <Textarea id={`${p}-a`} required rows={4} maxLength={5000} value={answer} onChange={(e) => setAnswer(e.target.value)} />
      </div>
      <div className="flex justify-end gap-2">
        {faq && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={save.isPending}>
          {faq ? 'Save' : 'Add FAQ'}
        </Button>
      </div>
    </form>
  );
}

export default function SupportFaqsPage() {
  const queryClient = useQueryClient();
  const faqs = useQuery({ queryKey: supportKeys.faqs(''), queryFn: () => supportApi.faqs() });
  const canned = useQuery({ queryKey: supportKeys.canned, queryFn: supportApi.canned });
  const [editing, setEditing] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const removeFaq = useMutation({
    mutationFn: (id: string) => supportApi.deleteFaq(id),
    onSuccess: () => {
      toast.success('FAQ removed.');
      void queryClient.invalidateQueries({ queryKey: [...supportKeys.all, 'faqs'] });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const addCanned = useMutation({
    mutationFn: () => supportApi.createCanned(title, body),
    onSuccess: () => {
      toast.success('Canned reply added.');
      setTitle('');
      setBody('');
      void queryClient.invalidateQueries({ queryKey: supportKeys.canned });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const removeCanned = useMutation({
    mutationFn: (id: string) => supportApi.deleteCanned(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.canned }),
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <Link to={ADMIN_SUPPORT_PATH} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> Support queue
      </Link>
      <PageHeader title="FAQs and canned replies" description="FAQs appear on the public FAQ page and while people write a ticket. Canned replies fill an answer in the console." />
      <section aria-labelledby="faqs-h" className="grid gap-4">
        <h2 id="faqs-h" className="text-xl font-semibold">
          FAQs
        </h2>
        {faqs.isLoading ? (
          <Skeleton className="h-32 w-full" />
        ) : faqs.error ? (
          <ErrorState title="Could not load the FAQs" error={faqs.error} onRetry={() => void faqs.refetch()} />
        ) : !faqs.data?.length ? (
          <EmptyState title="No FAQs yet" description="Add the questions people ask most; they will see the answers before writing a ticket." />
        ) : (
          <ul className="grid gap-3" aria-label="FAQs">
            {faqs.data.map((f) => (
              <li key={f.id}>
                <Card className="grid gap-2 p-4">
                  {editing === f.id ? (
                    <FaqForm faq={f} onDone={() => setEditing(null)} />
                  ) : (
                    <>
                      <p className="text-xs uppercase tracking-wide text-muted-foreground">
                        {f.category} · position {f.position}
                      </p>
                      <p className="font-semibold">{f.question}</p>
                      <p className="whitespace-pre-line text-sm text-muted-foreground">{f.answer}</p>
                      <div className="flex justify-end gap-2">
                        <Button size="sm" variant="outline" onClick={() => setEditing(f.id)}>
                          Edit
                        </Button>
                        <Button size="sm" variant="ghost" loading={removeFaq.isPending && removeFaq.variables === f.id} onClick={() => removeFaq.mutate(f.id)}>
                          Remove
                        </Button>
                      </div>
                    </>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
        <Card className="p-4">
          <h3 className="mb-3 font-semibold">Add a FAQ</h3>
          <FaqForm key={faqs.data?.length ?? 0} onDone={() => undefined} />
        </Card>
      </section>
      <section aria-labelledby="canned-h" className="grid gap-4">
        <h2 id="canned-h" className="text-xl font-semibold">
          Canned replies
        </h2>
        {canned.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : canned.error ? (
          <ErrorState title="Could not load the canned replies" error={canned.error} onRetry={() => void canned.refetch()} />
        ) : !canned.data?.length ? (
          <EmptyState icon={<MessageSquareText className="size-6" />} title="No canned replies yet" description="Save the answers you give often." />
        ) : (
          <ul className="grid gap-3" aria-label="Canned replies">
            {canned.data.map((c) => (
              <li key={c.id}>
                <Card className="grid gap-1 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold">{c.title}</p>
                    <Button size="sm" variant="ghost" loading={removeCanned.isPending && removeCanned.variables === c.id} onClick={() => removeCanned.mutate(c.id)}>
                      Remove
                    </Button>
                  </div>
                  <p className="whitespace-pre-line text-sm text-muted-foreground">{c.body}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
        <Card className="p-4">
          <form
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              addCanned.mutate();
            }}
          >
            <h3 className="font-semibold">Add a canned reply</h3>
            <div className="grid gap-1.5">
              <Label htmlFor="c-title">Title</Label>
              <Input id="c-title" required maxLength={100} value={title} onChange={(e) => setTitle(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="c-body">Reply</Label>
              <Textarea id="c-body" required rows={3} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} />
            </div>
            <div className="flex justify-end">
              <Button type="submit" loading={addCanned.isPending}>
                Add canned reply
              </Button>
            </div>
          </form>
        </Card>
      </section>
    </div>
  );
}
