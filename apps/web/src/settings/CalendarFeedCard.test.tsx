// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellProvider, ToastProvider } from '../ui';
import { CalendarFeedCard, feedError } from './CalendarFeedCard';

const LINK = {
  url: 'https://meals.example.org/api/calendar/mpc_abc.ics',
  webcalUrl: 'webcal://meals.example.org/api/calendar/mpc_abc.ics',
  createdAt: '2026-03-10T12:00:00.000Z',
};

/** A server of one feed link: answers the card's three calls, or fails the next one on request. */
function fakeServer() {
  const server = { active: false, failNext: 0, calls: [] as string[] };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    server.calls.push(`${method} ${url}`);
    if (server.failNext) {
      const status = server.failNext;
      server.failNext = 0;
      if (status === -1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ code: 'INTERNAL', message: 'Internal server error' }), { status });
    }
    if (method === 'POST') {
      server.active = true;
      return Response.json(LINK);
    }
    if (method === 'DELETE') {
      server.active = false;
      return new Response(null, { status: 204 });
    }
    return Response.json(server.active ? { active: true, createdAt: LINK.createdAt } : { active: false });
  });
  return server;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ShellProvider>
        <ToastProvider>
          <CalendarFeedCard />
        </ToastProvider>
      </ShellProvider>
    </QueryClientProvider>,
  );
}

describe('the Calendar feed card', () => {
  beforeAll(() => {
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  let writeText: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('makes a link, shows it with Copy and the webcal link, and revokes it after asking', async () => {
    const server = fakeServer();
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Create calendar link' }));

    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Calendar link' });
    expect(field.value).toBe(LINK.url);
    expect(screen.getByRole('link', { name: 'Open in your calendar app' }).getAttribute('href')).toBe(
      LINK.webcalUrl,
    );
    expect(screen.getByText(/Other calendars/).textContent).toMatch(
      /Google Calendar.*Apple Calendar.*Outlook/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK.url));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(server.calls).not.toContain('DELETE /api/calendar-feed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Calendar link' })).toBeNull());
    expect(server.calls).toContain('DELETE /api/calendar-feed');
    expect(await screen.findByRole('button', { name: 'Create calendar link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('Cancel keeps the link', async () => {
    const server = fakeServer();
    server.active = true;
    renderCard();
    expect(await screen.findByText(/A calendar link is on since/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make a new link' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(server.calls).not.toContain('DELETE /api/calendar-feed');
    expect(screen.getByText(/A calendar link is on/)).toBeTruthy();
  });

  it('says in plain words when the link cannot be made', async () => {
    const server = fakeServer();
    renderCard();
    const create = await screen.findByRole('button', { name: 'Create calendar link' });
    server.failNext = -1;
    fireEvent.click(create);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The calendar link could not be made. You seem to be offline: try again when you are connected.',
    );
    server.failNext = 500;
    fireEvent.click(create);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The calendar link could not be made. Please try again later.',
      ),
    );
    expect(screen.queryByRole('textbox', { name: 'Calendar link' })).toBeNull();
  });

  it('words each failure for what the user can do', () => {
    expect(feedError('revoke', { status: 401, message: 'Please sign in' })).toBe(
      'The calendar link could not be turned off. Your session has ended: sign in again and retry.',
    );
    expect(feedError('create', { status: 429, message: 'x' })).toMatch(/wait a minute/);
  });
});
