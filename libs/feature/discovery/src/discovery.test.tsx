import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { filtersFromParams, priceText, type DiscoveryItem } from './api';
import { GridCard } from './components';

const item: DiscoveryItem = {
  kind: 'rental_car', id: 'c1', title: 'Toyota Corolla 2022', subtitle: 'Eko Drive · 5 seats · automatic', city: 'Lagos', country: 'NG',
  photo_url: null, price_from: { amount: 2_500_000, currency: 'NGN' }, price_unit: 'day', rating: { average: 4.6, count: 12 },
  link: '/booking/car-rentals/OfferingDetails?id=c1',
};

describe('grid filters', () => {
  it('keeps known kinds once and well-formed dates', () => {
    const { filters, problem } = filtersFromParams(new URLSearchParams('kind=tour,boat,tour,coach&city=%20Lagos%20&from=2026-12-10&to=2026-12-12'));
    expect(problem).toBeNull();
    expect(filters).toEqual({ kinds: ['tour', 'coach'], city: 'Lagos', from: '2026-12-10', to: '2026-12-12' });
  });
  it('drops dates that cannot be sent, saying why', () => {
    expect(filtersFromParams(new URLSearchParams('from=2026-12-10')).problem).toBe('Pick both dates.');
    expect(filtersFromParams(new URLSearchParams('from=2026-12-10&to=2026-12-01')).problem).toMatch(/before/);
    const far = filtersFromParams(new URLSearchParams('from=2026-01-01&to=2026-06-01'));
    expect(far.problem).toMatch(/90 days/);
    expect(far.filters.from).toBeUndefined();
  });
  it('says prices per unit', () => {
    expect(priceText(item, (m) => `₦${m / 100}`)).toBe('From ₦25000 a day');
    expect(priceText({ price_from: { amount: 100, currency: 'NGN' }, price_unit: '' }, (m) => `₦${m / 100}`)).toBe('₦1');
    expect(priceText({ price_from: null, price_unit: 'session' }, String)).toBeNull();
  });
});

describe('GridCard', () => {
  it('shows the kind, place, price and rating and links to the item', () => {
    render(
      <MemoryRouter>
        <ul>
          <GridCard item={item} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Toyota Corolla 2022' })).toHaveAttribute('href', item.link);
    expect(screen.getByText('Rental car')).toBeInTheDocument();
    expect(screen.getByText('Lagos, NG')).toBeInTheDocument();
    expect(screen.getByText(/From .*25,000.* a day/)).toBeInTheDocument();
    expect(screen.getByLabelText('Rated 4.6 out of 5 from 12 reviews')).toBeInTheDocument();
  });
});
