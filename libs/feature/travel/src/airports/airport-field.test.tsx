import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AirportField } from './airport-field';
import { airportLabel, type Airport } from './api';

const ap = (iata: string, name: string, city: string, country_name: string, large = true): Airport => ({
  iata, icao: '', name, city, country: 'XX', country_name, time_zone: 'UTC', lat: 0, lng: 0, large,
});
const LOS = ap('LOS', 'Murtala Muhammed International Airport', 'Lagos', 'Nigeria');
const LHR = ap('LHR', 'London Heathrow Airport', 'London', 'United Kingdom');
const LGW = ap('LGW', 'London Gatwick Airport', 'London', 'United Kingdom');
const data: Record<string, Airport[]> = { lagos: [LOS], lon: [LHR, LGW] };

let queries: string[] = [];
beforeEach(() => {
  queries = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const one = url.pathname.match(/\/api\/v1\/airports\/([A-Z]{3})$/);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (one) {
      const a = [LOS, LHR, LGW].find((x) => x.iata === one[1]);
      return a ? json({ data: a }) : json({ error: { code: 'not_found', message: 'No airport' } }, 404);
    }
    const q = url.searchParams.get('q') ?? '';
    queries.push(q);
    return json({ data: data[q.toLowerCase()] ?? [] });
  });
});
afterEach(() => vi.unstubAllGlobals());

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (c: string) => void }) {
  const [value, setValue] = React.useState(initial);
  const [client] = React.useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <AirportField
        label="From"
        value={value}
        debounceMs={20}
        onChange={(c) => {
          setValue(c);
          onChange?.(c);
        }}
      />
      <output data-testid="value">{value}</output>
    </QueryClientProvider>
  );
}

describe('airportLabel', () => {
  it('reads code, short name and place', () => {
    expect(airportLabel(LOS)).toBe('LOS · Murtala Muhammed International · Lagos, Nigeria');
  });
});

describe('AirportField', () => {
  it('suggests as one types and chooses with the keyboard', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'From' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'lon');
    const list = await screen.findByRole('listbox', { name: 'From suggestions' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(queries).toEqual(['lon']); // debounced: one request for the three keystrokes
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]!.id);
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}'); // wraps around
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenCalledWith('LGW');
    expect(list).not.toBeVisible();
    await waitFor(() => expect(box).toHaveValue('LGW · London Gatwick · London, United Kingdom'));
  });

  it('closes on Escape without choosing, and chooses by click', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'From' });
    await user.type(box, 'lagos');
    const option = await screen.findByRole('option', { name: /Murtala Muhammed International/ });
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.click(await screen.findByRole('option', { name: /Murtala Muhammed International/ }));
    expect(option).toBeDefined();
    expect(onChange).toHaveBeenCalledWith('LOS');
    expect(screen.getByTestId('value')).toHaveTextContent('LOS');
  });

  it('shows a chosen code as its airport, and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness initial="LOS" />);
    const box = screen.getByRole('combobox', { name: 'From' });
    await waitFor(() => expect(box).toHaveValue('LOS · Murtala Muhammed International · Lagos, Nigeria'));
    await user.clear(box);
    expect(screen.getByTestId('value')).toHaveTextContent('');
    await user.type(box, 'xqzw');
    expect(await screen.findByText('No airport matches.')).toBeInTheDocument();
  });
});
