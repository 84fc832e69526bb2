import { Accordion, AccordionContent, AccordionItem, AccordionTrigger, Button, EmptyState, ErrorState, Input, Label, Skeleton } from '@sojourn/ui';
import { SUPPORT_PATHS, supportApi, supportKeys, type Faq } from '@sojourn/feature-support';
import { useAuthStore } from '@sojourn/session';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Hero, Section } from './section';

/** The FAQs admins edit (api/internal/support), grouped by category in their order; the search asks the API. */
function byCategory(faqs: Faq[]): [string, Faq[]][] {
  const groups = new Map<string, Faq[]>();
  for (const f of faqs) groups.set(f.category, [...(groups.get(f.category) ?? []), f]);
  return [...groups.entries()];
}

export default function FaqsPage() {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = window.setTimeout(() => setQ(text.trim()), 300);
    return () => window.clearTimeout(t);
  }, [text]);
  const faqs = useQuery({ queryKey: supportKeys.faqs(q), queryFn: () => supportApi.faqs(q), placeholderData: (prev) => prev });

  return (
    <>
      <Hero eyebrow="Help" title="Frequently asked questions">
        Quick answers about bookings, refunds, your wallet and providers. Cannot find yours? We are a message away.
      </Hero>
      <Section className="max-w-3xl">
        <div className="mb-6 grid gap-1.5">
          <Label htmlFor="faq-search">Search the FAQs</Label>
          <Input id="faq-search" type="search" placeholder="For example: refund, wallet, reschedule" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        {faqs.isLoading ? (
          <div className="grid gap-3" aria-busy>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : faqs.error ? (
          <ErrorState title="Could not load the FAQs" error={faqs.error} onRetry={() => void faqs.refetch()} />
        ) : !faqs.data?.length ? (
          <EmptyState title={q ? 'No answer matches' : 'No FAQs yet'} description={q ? 'Try other words, or ask us directly.' : 'Ask us directly and we will help.'} />
        ) : (
          <div className="grid gap-8">
            {byCategory(faqs.data).map(([category, items]) => (
              <section key={category} aria-labelledby={`faq-${category}`} className="grid gap-3">
                <h2 id={`faq-${category}`} className="text-lg font-semibold">
                  {category}
                </h2>
                <Accordion type="single" collapsible className="rounded-xl border bg-card px-5">
                  {items.map((f, i) => (
                    <AccordionItem key={f.id} value={f.id} className={i === items.length - 1 ? 'border-b-0' : undefined}>
                      <AccordionTrigger>{f.question}</AccordionTrigger>
                      <AccordionContent className="whitespace-pre-line">{f.answer}</AccordionContent>
                    </AccordionItem>
                  ))}
                </Accordion>
              </section>
            ))}
          </div>
        )}
        <div className="mt-8 flex flex-wrap items-center gap-3">
          <p className="text-muted-foreground">Still need help?</p>
          <Button asChild variant="outline">
            <Link to={signedIn ? `${SUPPORT_PATHS.user}/new` : '/contact'}>{signedIn ? 'Open a support ticket' : 'Contact us'}</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
