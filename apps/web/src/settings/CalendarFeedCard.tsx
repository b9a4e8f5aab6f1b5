import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../api';
import type { ApiError } from '../api';
import { FormAlert } from '../auth';
import { ConfirmDialog, useToast } from '../ui';

/** GET /api/calendar-feed: whether a link exists (the link itself is shown only when made). */
interface FeedStatus {
  active: boolean;
  createdAt?: string;
}

/** POST /api/calendar-feed: the new link, shown once. */
export interface FeedLink {
  url: string;
  webcalUrl: string;
  createdAt: string;
}

const FEED_KEY = ['calendar-feed'] as const;

/** What went wrong, in plain words (docs/BEHAVIOUR.md §8): the connection, the session, or the server. */
export function feedError(action: 'create' | 'revoke' | 'load', error: ApiError): string {
  const what = {
    create: 'The calendar link could not be made.',
    revoke: 'The calendar link could not be turned off.',
    load: 'Your calendar link could not be checked.',
  }[action];
  if (error.status === 0) return `${what} You seem to be offline: try again when you are connected.`;
  if (error.status === 401) return `${what} Your session has ended: sign in again and retry.`;
  if (error.status === 429) return `${what} Too many tries: wait a minute and try again.`;
  return `${what} Please try again later.`;
}

/** The link with a Copy button (the clipboard, else the text selected for the user to copy). */
function CopyableLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      field.current?.select();
    }
  };
  return (
    <div className="feed-link">
      <input
        ref={field}
        className="feed-link-url"
        readOnly
        value={url}
        aria-label="Calendar link"
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="button small" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy link'}
      </button>
    </div>
  );
}

/**
 * Settings' 'Calendar feed' (docs/BEHAVIOUR.md §2 "Settings"): a secret link that calendar apps
 * subscribe to, serving the planned meals as all-day events. The link is shown once, when made;
 * 'Revoke' asks first and turns it off for good.
 */
export function CalendarFeedCard() {
  const toast = useToast();
  const client = useQueryClient();
  const [link, setLink] = useState<FeedLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [asking, setAsking] = useState(false);
  const status = useQuery({
    queryKey: FEED_KEY,
    queryFn: async (): Promise<FeedStatus> => {
      const result = await api.get<FeedStatus>('/api/calendar-feed');
      if (!result.ok) throw new Error(feedError('load', result.error));
      return result.data;
    },
  });

  const create = async () => {
    setBusy(true);
    setError('');
    const result = await api.post<FeedLink>('/api/calendar-feed', {});
    setBusy(false);
    if (!result.ok) {
      setError(feedError('create', result.error));
      return;
    }
    setLink(result.data);
    client.setQueryData<FeedStatus>(FEED_KEY, { active: true, createdAt: result.data.createdAt });
  };

  const revoke = async () => {
    setBusy(true);
    setError('');
    const result = await api.delete('/api/calendar-feed', { read: 'none' });
    setBusy(false);
    if (!result.ok) {
      setError(feedError('revoke', result.error));
      return;
    }
    setLink(null);
    client.setQueryData<FeedStatus>(FEED_KEY, { active: false });
    toast.show('Calendar link turned off');
  };

  const active = Boolean(link) || status.data?.active === true;
  return (
    <section className="card calendar-feed-card" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">Calendar feed</h2>
      <p className="card-intro">
        See your planned meals in Google Calendar, Apple Calendar or Outlook, each day&rsquo;s recipes as
        all-day events that follow your agenda.
      </p>
      {status.isError && <FormAlert>{status.error.message}</FormAlert>}
      {error && <FormAlert>{error}</FormAlert>}
      {link ? (
        <>
          <CopyableLink url={link.url} />
          <p className="feed-webcal">
            <a href={link.webcalUrl}>Open in your calendar app</a> <code>{link.webcalUrl}</code>
          </p>
          <p className="card-note">
            Google Calendar: Other calendars, +, From URL, and paste the link. Apple Calendar: File, New
            Calendar Subscription, or open the link above. Outlook: Add calendar, Subscribe from web.
          </p>
          <p className="card-note">
            Keep it private: anyone with this link sees your planned meals and notes. It is shown only now.
          </p>
        </>
      ) : (
        active && (
          <p className="empty">
            A calendar link is on
            {status.data?.createdAt ? ` since ${new Date(status.data.createdAt).toLocaleDateString()}` : ''}.
            It is shown only when it is made: a new link shows it again and turns the old one off.
          </p>
        )
      )}
      {!status.isPending && (
        <div className="form-actions feed-actions">
          {!link && (
            <button type="button" className="button primary" disabled={busy} onClick={() => void create()}>
              {active ? 'Make a new link' : 'Create calendar link'}
            </button>
          )}
          {active && (
            <button type="button" className="button ghost" disabled={busy} onClick={() => setAsking(true)}>
              Revoke
            </button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title="Revoke the calendar link?"
        confirmLabel="Revoke"
        danger
        onConfirm={() => void revoke()}
        onClose={() => setAsking(false)}
      >
        <p>Calendars subscribed to it stop getting your meals. You can make a new link at any time.</p>
      </ConfirmDialog>
    </section>
  );
}
