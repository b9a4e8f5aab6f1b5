/**
 * A quiet line saying whether the list is safe on the server, for the shop with a bad connection:
 * changes always apply at once and are kept on the device (SPEC §4 "Synchronisation"); this only
 * tells the user whether they have reached the server yet.
 */
import type { SyncStatus } from '@mealplan/core';
import { useOnline } from '../data/hooks';
import { CloudDoneIcon, CloudOffIcon, SyncIcon } from './icons';

const changes = (n: number): string => `${n} ${n === 1 ? 'change' : 'changes'}`;

/** The sentence and tone for a sync state. */
export function syncSummary(queued: number, status: SyncStatus, online: boolean) {
  if (queued === 0) return { tone: 'saved', text: 'All changes saved' } as const;
  if (!online || status === 'retrying' || status === 'stalled') {
    return { tone: 'offline', text: `Offline: ${changes(queued)} kept on this device` } as const;
  }
  if (status === 'syncing') return { tone: 'saving', text: `Syncing ${changes(queued)}…` } as const;
  // Pushes wait for 30 s of quiet (SPEC §4); meanwhile the change is safe on the device.
  return { tone: 'saving', text: `${changes(queued)} waiting to sync` } as const;
}

/** The sync line shown under the page title. */
export function SyncBadge({ queued, status }: { queued: number; status: SyncStatus }) {
  const online = useOnline();
  const { tone, text } = syncSummary(queued, status, online);
  const Icon = tone === 'saved' ? CloudDoneIcon : tone === 'offline' ? CloudOffIcon : SyncIcon;
  return (
    <p className={`sync-badge sync-badge--${tone}`}>
      <Icon width={18} height={18} />
      <span>{text}</span>
    </p>
  );
}
