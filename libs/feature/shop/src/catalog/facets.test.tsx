import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Category, ProductFacets } from './api';
import { FacetPanel } from './components/facets';

const cat = (id: string, name: string, children: Category[] = [], count = 10): Category => ({ id, parent_id: null, name, slug: id, description: '', depth: 0, position: 0, product_count: count, children });
const tree = [cat('bags', 'Bags', [cat('totes', 'Totes'), cat('trunks', 'Trunks')]), cat('tea', 'Tea')];
const facets: ProductFacets = {
  total: 4,
  categories: [
    { id: 'bags', name: 'Bags', count: 4 },
    { id: 'totes', name: 'Totes', count: 4 },
  ],
  stores: [{ id: 's1', name: 'Maison Zuri', count: 4 }],
  price: { min: { amount: 500000, currency: 'NGN' }, max: { amount: 900000, currency: 'NGN' } },
  ratings: [{ min: 4, count: 1 }],
  in_stock: 3,
  luxury: 2,
};

describe('the facet panel', () => {
  it('lists only the categories the search has results in, with their counts', () => {
    render(<FacetPanel idPrefix="t" filters={{ q: 'leather' }} facets={facets} categories={tree} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: /Bags\s*4/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tea/ })).toBeNull();
    expect(screen.getByLabelText('In stock (3)')).toBeInTheDocument();
    expect(screen.getByLabelText('Verified luxury (2)')).toBeInTheDocument();
  });
  it('opens a category on its children and keeps the way back', () => {
    const onChange = vi.fn();
    render(<FacetPanel idPrefix="t" filters={{ category: 'bags' }} facets={facets} categories={tree} onChange={onChange} />);
    expect(screen.getByRole('button', { name: /Bags/ })).toHaveAttribute('aria-current', 'true');
    // Trunks has nothing in this search; Totes has.
    expect(screen.queryByRole('button', { name: /Trunks/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Totes/ }));
    expect(onChange).toHaveBeenLastCalledWith({ category: 'totes' });
    fireEvent.click(screen.getByRole('button', { name: 'All categories' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });
  it('sends each choice to the address at once, the price in naira', () => {
    const onChange = vi.fn();
    render(<FacetPanel idPrefix="t" filters={{ q: 'tote', sort: 'price_asc' }} facets={facets} categories={tree} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText(/Maison Zuri/));
    expect(onChange).toHaveBeenLastCalledWith({ q: 'tote', sort: 'price_asc', store: 's1' });
    fireEvent.click(screen.getByLabelText('4 stars and up (1)'));
    expect(onChange).toHaveBeenLastCalledWith({ q: 'tote', sort: 'price_asc', min_rating: 4 });
    fireEvent.change(screen.getByLabelText('From (₦)'), { target: { value: '5,000' } });
    fireEvent.change(screen.getByLabelText('To (₦)'), { target: { value: '8000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(onChange).toHaveBeenLastCalledWith({ q: 'tote', sort: 'price_asc', min_price: 5000, max_price: 8000 });
  });
});
