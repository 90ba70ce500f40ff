import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { RootError } from '#client/routes/root-error.tsx';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  // The API (health, session) never answers here; these tests are about the routes.
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => new Promise<Response>(() => {})),
  );
});

describe('routes', () => {
  it('answers an unknown path with a 404 page that links home', async () => {
    const { router } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    expect(home).toHaveAttribute('href', '/');

    fireEvent.click(home);
    expect(await screen.findByRole('heading', { name: 'Townhall' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a friendly message, not the stack, when a page breaks', async () => {
    // React reports the caught error on the console; here it is the point of the test.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('internal detail at line 42');
    }

    renderApp('/', { routes: [{ path: '/', errorElement: <RootError />, Component: Broken }] });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.queryByText(/internal detail/)).not.toBeInTheDocument();
  });

  it('shows the friendly message when a page fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});

    renderApp('/', {
      routes: [
        {
          path: '/',
          errorElement: <RootError />,
          HydrateFallback: () => null,
          lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
        },
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
