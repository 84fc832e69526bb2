import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useBackNavigation } from './back-navigation';
import { backTarget, useRouteStore } from './route-store';

function Page() {
  const back = useBackNavigation('/home');
  const location = useLocation();
  return (
    <>
      <p>at {location.pathname + location.search}</p>
      <button onClick={back}>Back</button>
    </>
  );
}

describe('back navigation', () => {
  it('backTarget prefers the saved previous route, else the fallback', () => {
    expect(backTarget({ previous: '/a', current: '/b' }, '/home')).toBe('/a');
    expect(backTarget({ previous: null, current: '/b' }, '/home')).toBe('/home');
    expect(backTarget({ previous: '/b', current: '/b' }, '/home')).toBe('/home');
  });

  it('track keeps the route being left as previous and ignores repeats', () => {
    const s = useRouteStore.getState();
    s.reset();
    s.track('/a');
    s.track('/a');
    s.track('/b');
    expect(useRouteStore.getState()).toMatchObject({ previous: '/a', current: '/b' });
  });

  it('the back control goes to the saved previous route', async () => {
    useRouteStore.getState().reset();
    useRouteStore.getState().track('/search?q=lisbon');
    useRouteStore.getState().track('/detail');
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/detail'] });
    render(<RouterProvider router={router} />);
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(screen.getByText('at /search?q=lisbon')).toBeInTheDocument();
  });

  it('with no saved route it falls back', async () => {
    useRouteStore.getState().reset();
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/detail'] });
    render(<RouterProvider router={router} />);
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(screen.getByText('at /home')).toBeInTheDocument();
  });
});
