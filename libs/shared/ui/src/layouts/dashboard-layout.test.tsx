import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardLayout, navGroups } from './dashboard-layout';

const nav = [
  { to: '/home', label: 'Dashboard' },
  { to: '/trips', label: 'Trips', section: 'Travel' },
  { to: '/flights', label: 'Flights', section: 'Travel' },
  { to: '/wallet', label: 'Wallet', section: 'Money' },
];

describe('the sidebar', () => {
  it('groups consecutive links of one section', () => {
    expect(navGroups(nav).map((g) => [g.section, g.items.map((i) => i.label)])).toEqual([
      [undefined, ['Dashboard']],
      ['Travel', ['Trips', 'Flights']],
      ['Money', ['Wallet']],
    ]);
  });

  it('names each group by its heading', () => {
    render(
      <MemoryRouter>
        <DashboardLayout portalName="Sojourn" homePath="/home" nav={nav} actions={null}>
          <p>content</p>
        </DashboardLayout>
      </MemoryRouter>,
    );
    const travel = screen.getByRole('group', { name: 'Travel' });
    expect([...travel.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Trips', 'Flights']);
    expect(screen.getByRole('group', { name: 'Money' }).textContent).toContain('Wallet');
  });

  it('marks only the longest matching link as the current page', () => {
    const shop = [
      { to: '/admin/products', label: 'Products' },
      { to: '/admin/products/reviews', label: 'Product reviews' },
    ];
    const current = (path: string) => {
      const { unmount } = render(
        <MemoryRouter initialEntries={[path]}>
          <DashboardLayout portalName="Sojourn" homePath="/admin" nav={shop} actions={null}>
            <p>content</p>
          </DashboardLayout>
        </MemoryRouter>,
      );
      const names = screen
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page')
        .map((a) => a.textContent);
      unmount();
      return names;
    };
    expect(current('/admin/products/reviews')).toEqual(['Product reviews']);
    expect(current('/admin/products/123')).toEqual(['Products']);
    expect(current('/admin/products')).toEqual(['Products']);
  });
});
