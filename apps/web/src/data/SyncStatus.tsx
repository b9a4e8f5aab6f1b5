/**
 * The sync state on every signed-in page (docs/SYNC.md "What the user sees"): whether what the user
 * did has reached the server, is on its way, is kept on this device, or was refused and why.
 * Changes always apply at once and are kept on the device; this line only says where they are.
 *
 * One live region (role status). On a computer it sits in the middle of the top bar; on a phone,
 * where the top bar is hidden, it is a small pill above the bottom navigation, shown only while
 * something is not saved (the 'saved' state stays readable to screen readers).
 */
import type { DocumentKind } from '@mealplan/core';
import { useEffect, useRef } from 'react';
import { useDataStore, useSyncStatus, type SyncOverview } from './hooks';
import type { RefusedAction } from './store';
import { CloseIcon, CloudDoneIcon, CloudOffIcon, ErrorIcon, SyncIcon } from '../ui';
import { useToast } from '../ui';

const changes = (n: number): string => `${n} ${n === 1 ? 'change' : 'changes'}`;

/** A refused action in words: what was not saved, then the server's reason. */
export function describeRefusal(kind: DocumentKind, refusal: RefusedAction): string {
  const action = refusal.action as {
    type?: string;
    name?: string;
    recipe?: { name?: string };
    changes?: { name?: string };
  };
  const name = action.recipe?.name ?? action.changes?.name ?? action.name;
  const what =
    (kind === 'recipes' && action.type === 'ADD') || (kind === 'groceries' && action.type === 'ADD_ITEM')
      ? name
        ? `“${name}” was not saved`
        : undefined
      : kind === 'recipes' && name
        ? `Your changes to “${name}” were not saved`
        : undefined;
  return `${what ?? GENERIC[kind]}: ${refusal.message?.trim().replace(/\.?$/, '.') ?? 'The server refused it.'}`;
}

const GENERIC: Record<DocumentKind, string> = {
  recipes: 'A change to your recipes was not saved',
  agenda: 'A change to your agenda was not saved',
  notes: 'A day note was not saved',
  groceries: 'A change to your grocery list was not saved',
};

export type SyncTone = 'saved' | 'saving' | 'offline' | 'error';

/** The sentence and tone for a sync state. */
export function syncSummary(
  overview: Pick<SyncOverview, 'queued' | 'status' | 'online' | 'refused'> & { failing?: boolean },
): {
  tone: SyncTone;
  text: string;
} {
  const { queued, status, online, refused, failing = false } = overview;
  const last = refused.at(-1);
  if (last) return { tone: 'error', text: describeRefusal(last.kind, last.refusal) };
  if (!online) {
    return { tone: 'offline', text: queued ? `Offline: ${changes(queued)} kept on this device` : 'Offline' };
  }
  if (queued === 0) {
    // Nothing of the user's is at risk, but what is shown may be out of date.
    if (failing) return { tone: 'offline', text: 'Can’t reach the server. Trying again…' };
    return { tone: 'saved', text: 'All changes saved' };
  }
  if (status === 'retrying' || status === 'stalled') {
    return { tone: 'offline', text: `Can’t reach the server: ${changes(queued)} kept on this device` };
  }
  if (status === 'syncing') return { tone: 'saving', text: `Syncing ${changes(queued)}…` };
  // A push waits at most a second after an action (docs/SYNC.md); meanwhile it is safe here.
  return { tone: 'saving', text: `${changes(queued)} waiting to sync` };
}

const ICONS = { saved: CloudDoneIcon, saving: SyncIcon, offline: CloudOffIcon, error: ErrorIcon };

/** The sync line; also toasts each refusal once as it happens, so it is noticed. */
export function SyncStatus() {
  const overview = useSyncStatus();
  const store = useDataStore();
  const { show } = useToast();
  const toasted = useRef(new Set<string>());
  const { tone, text } = syncSummary(overview);
  const Icon = ICONS[tone];
  const last = overview.refused.at(-1);

  useEffect(() => {
    for (const { kind, refusal } of overview.refused) {
      const id = `${kind}:${refusal.seq}`;
      if (toasted.current.has(id)) continue;
      toasted.current.add(id);
      show(describeRefusal(kind, refusal));
    }
  }, [overview.refused, show]);

  return (
    <div className={`sync-status sync-status--${tone}`} role="status" data-testid="sync-status">
      <Icon width={18} height={18} aria-hidden="true" />
      <span className="sync-status-text">{text}</span>
      {last && (
        <button
          type="button"
          className="sync-status-dismiss"
          aria-label="Dismiss"
          title="Dismiss"
          onClick={() => store.dismissRefusals?.(last.kind, last.refusal.seq)}
        >
          <CloseIcon width={16} height={16} />
        </button>
      )}
    </div>
  );
}
