import { configureApi } from '@sojourn/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminMoneyPages, walletPages } from './routes';

const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

describe('the wallet feature’s pages', () => {
  beforeEach(() => {
    const fetchMock = vi.fn(async () => json(200, { data: [], meta: { page: 1, per_page: 10, total: 0 } }));
    configureApi({
      baseUrl: 'https://api.example.com',
      fetch: fetchMock as unknown as typeof fetch,
      bridge: { getAccessToken: () => 'tok', getRefreshToken: () => 'ref', onRefreshed: () => {}, onAuthLost: () => {} },
    });
  });

  it('give the user portal its wallet addresses behind the sign-in guard', () => {
    const pages = walletPages();
    expect(pages.map((p) => p.path)).toEqual(['/user-wallet', '/shop/Transactions', '/shop/Transactions/details', '/gift-card/:productId', '/payments/callback']);
    for (const p of pages) expect(p.guards).toEqual(['auth']);
  });

  it('give the admin portal its money pages behind the admin guard, the ledger searching people through the directory it is handed', async () => {
    const findPeople = vi.fn(async (q: string) => [{ id: 'u1', email: `${q}@example.com`, username: 'ada', avatarUrl: null }]);
    const pages = adminMoneyPages({ findPeople });
    expect(pages.map((p) => p.path)).toEqual(['/admin-dashboard/payments', '/admin-dashboard/gift-cards', '/admin-dashboard/ledger', '/admin-dashboard/audit-log']);
    for (const p of pages) expect(p.guards).toEqual(['admin']);

    const { default: Ledger } = await pages.find((p) => p.path === '/admin-dashboard/ledger')!.load();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <Ledger />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Find a user by email or username'), 'ada');
    expect(await screen.findByRole('button', { name: 'Choose ada@example.com' })).toBeInTheDocument();
    expect(findPeople).toHaveBeenLastCalledWith('ada');
  });
});
