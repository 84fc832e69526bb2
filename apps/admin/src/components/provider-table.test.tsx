import { configureApi } from '@sojourn/api-client';
import { installSession } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminProviderRow } from '../api/practice';
import { ProviderTable } from './provider-table';

const row: AdminProviderRow = {
  id: 'prov-1',
  kind: 'coach',
  display_name: 'Tunde Bakare',
  avatar_url: null,
  user: { id: 'user-1', username: 'coach.tunde', email: 'coach@example.com', status: 'active' },
  headline: 'Leadership coaching',
  city: 'Abuja',
  country: 'NG',
  status: 'draft',
  listed: false,
  verification: 'pending',
  completeness: 90,
  rating: { average: 4.5, count: 2 },
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

function setup(url: string, respond: (req: Request) => Response) {
  installSession();
  const seen: URL[] = [];
  configureApi({
    baseUrl: 'http://api.test',
    fetch: vi.fn(async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(input);
      seen.push(new URL(req.url));
      return respond(req);
    }) as unknown as typeof fetch,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <ProviderTable caption="Provider profiles" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('admin provider table', () => {
  it('asks the API with the filters of the address and links each row to its kind’s detail page', async () => {
    const seen = setup('/admin-dashboard/providers?kind=coach&verification=pending&page=2', () =>
      json({ data: [row], meta: { page: 2, per_page: 20, total: 21 } }),
    );
    const link = await screen.findByRole('link', { name: /Tunde Bakare/ });
    expect(link).toHaveAttribute('href', '/admin-dashboard/lifeCoach/coach-details?id=prov-1');
    expect(screen.getAllByText('Licence waiting').length).toBeGreaterThan(0);
    expect(screen.getByText('Draft')).toBeInTheDocument();
    const q = seen.find((u) => u.pathname === '/api/v1/admin/providers')!.searchParams;
    expect(q.get('kind')).toBe('coach');
    expect(q.get('verification')).toBe('pending');
    expect(q.get('page')).toBe('2');
    expect(q.get('status')).toBeNull();
  });

  it('says so when nothing matches the filters', async () => {
    setup('/admin-dashboard/providers?status=suspended', () => json({ data: [], meta: { page: 1, per_page: 20, total: 0 } }));
    expect(await screen.findByText('No providers match')).toBeInTheDocument();
  });

  it('shows the error with a way to try again', async () => {
    setup('/admin-dashboard/providers', () => json({ error: { code: 'internal', message: 'The database is not answering.' } }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
