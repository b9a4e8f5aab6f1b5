/**
 * Leader election between the tabs of one browser profile. Exactly one tab per signed-in user
 * runs the sync clients (the queue in localStorage has one writer); the others forward their
 * actions to it over a BroadcastChannel (see `synced-store.ts`).
 *
 * Web Locks do it properly: the lock is held for as long as the leader tab lives and passes to a
 * waiting tab the moment it closes or crashes. Where the page is not a secure context (a plain-HTTP
 * LAN install) `navigator.locks` is missing; a lease in localStorage stands in, renewed every
 * 10 s and taken over after 3 minutes of silence, a span long enough for Chrome's throttling of
 * hidden tabs' timers (down to once a minute).
 */
import type { Scheduler, TimerHandle } from '@mealplan/core';
import { browserScheduler } from './browser-ports';

/** The outcome of an election, for as long as this tab takes part. */
export interface LeaderElection {
  /** Whether this tab leads now. */
  readonly isLeader: boolean;
  /** Leaves the election (and leadership, so another tab can take over). */
  release(): void;
}

/** Called when this tab becomes leader or, with a lease only, stops being it. */
export type LeadershipListener = (isLeader: boolean) => void;

/** Joins the election for `name` using Web Locks when the browser has them, else a lease. */
export function electLeader(name: string, onChange: LeadershipListener): LeaderElection {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) return lockElection(locks, name, onChange);
  const storage = leaseStorage();
  if (storage) return leaseElection(storage, name, onChange);
  // No way to coordinate: lead alone (two tabs may then overwrite each other's queue).
  onChange(true);
  return { isLeader: true, release: () => undefined };
}

function lockElection(locks: LockManager, name: string, onChange: LeadershipListener): LeaderElection {
  const abort = new AbortController();
  let releaseLock: (() => void) | undefined;
  let leader = false;
  let released = false;
  locks
    .request(name, { signal: abort.signal }, () => {
      if (released) return undefined;
      leader = true;
      onChange(true);
      // Holding the promise open holds the lock until release() or the tab goes away.
      return new Promise<void>((resolve) => (releaseLock = resolve));
    })
    .catch(() => undefined); // aborted while waiting
  return {
    get isLeader() {
      return leader;
    },
    release() {
      released = true;
      leader = false;
      abort.abort();
      releaseLock?.();
    },
  };
}

function leaseStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Lease timings; exported for tests. */
export const LEASE_RENEW_MS = 10_000;
export const LEASE_EXPIRE_MS = 180_000;

interface Lease {
  owner: string;
  at: number;
}

/** The lease fallback; see the file comment. Exported for tests. */
export function leaseElection(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  name: string,
  onChange: LeadershipListener,
  scheduler: Scheduler = browserScheduler,
  owner: string = Math.random().toString(36).slice(2),
): LeaderElection {
  const key = `${name}:lease`;
  let leader = false;
  let released = false;
  let timer: TimerHandle | undefined;

  const read = (): Lease | undefined => {
    try {
      const value = JSON.parse(storage.getItem(key) ?? 'null') as Lease | null;
      return value && typeof value.owner === 'string' && typeof value.at === 'number' ? value : undefined;
    } catch {
      return undefined;
    }
  };
  const write = () => {
    try {
      storage.setItem(key, JSON.stringify({ owner, at: scheduler.now() }));
    } catch {
      // Storage full: the lease is tiny, the next tick tries again.
    }
  };
  const setLeader = (next: boolean) => {
    if (next === leader) return;
    leader = next;
    onChange(next);
  };
  const tick = () => {
    if (released) return;
    const lease = read();
    if (lease?.owner === owner || !lease || scheduler.now() - lease.at > LEASE_EXPIRE_MS) {
      write();
      // Two tabs may have written at once; whoever's write stuck leads.
      setLeader(read()?.owner === owner);
    } else setLeader(false);
    timer = scheduler.setTimeout(tick, LEASE_RENEW_MS);
  };
  const onPageHide = () => election.release();
  // The leader left (pagehide removed its lease): take over now rather than at the next tick.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key || event.newValue !== null || released) return;
    if (timer !== undefined) scheduler.clearTimeout(timer);
    tick();
  };
  tick();
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('storage', onStorage);
  }

  const election: LeaderElection = {
    get isLeader() {
      return leader;
    },
    release() {
      if (released) return;
      released = true;
      if (timer !== undefined) scheduler.clearTimeout(timer);
      if (typeof window !== 'undefined') {
        window.removeEventListener('pagehide', onPageHide);
        window.removeEventListener('storage', onStorage);
      }
      // Hand over at once: the next tab's tick sees no lease.
      if (read()?.owner === owner) storage.removeItem(key);
      leader = false;
    },
  };
  return election;
}
