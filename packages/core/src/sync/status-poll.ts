/**
 * The status poll (docs/BEHAVIOUR.md §9): every STATUS_POLL_MS the web app asks `GET /api/status` for the
 * deployed commit and the current ETag of each document. The poll is skipped while the user has not
 * clicked for over STATUS_POLL_IDLE_MS (an unattended tab costs the server nothing), runs
 * STATUS_VISIBLE_DELAY_MS after the tab becomes visible again, reloads the page when the commit
 * changed, and refetches each document whose ETag moved. SSE `etag` events do the same sooner; the
 * poll is the fallback. Pure: the decision is a function, the timer takes an injected scheduler.
 */

import { STATUS_POLL_IDLE_MS, STATUS_POLL_MS, STATUS_VISIBLE_DELAY_MS } from '../constants.js';
import type { Scheduler, TimerHandle } from './types.js';

/** The body of `GET /api/status`. */
export interface StatusResponse {
  commitHash: string;
  /** The current ETag per document key (`agenda`, `recipes`, `notes`, `groceries`). */
  etags: Partial<Record<string, string>>;
}

/** What the web app should do after a status answer. */
export interface StatusDecision {
  /** A new build is deployed: reload the page. */
  reload: boolean;
  /** Document keys whose server ETag differs from the one the client holds. */
  refetch: string[];
}

/** Whether a scheduled poll should run: not when the last click was over `idleMs` ago. */
export function shouldPollStatus(now: number, lastClickAt: number, idleMs = STATUS_POLL_IDLE_MS): boolean {
  return now - lastClickAt <= idleMs;
}

/**
 * Compares a status answer with what the client has: `commitHash` is the build the page runs
 * (unknown until the first answer: no reload), `held` the ETag of each document it has loaded.
 * Documents it has not loaded are not refetched; they load when first used.
 */
export function decideStatus(
  status: StatusResponse,
  commitHash: string | undefined,
  held: Partial<Record<string, string>>,
): StatusDecision {
  const reload = commitHash !== undefined && status.commitHash !== commitHash;
  const refetch = Object.entries(held).flatMap(([key, etag]) => {
    const current = status.etags[key];
    return etag !== undefined && current !== undefined && current !== etag ? [key] : [];
  });
  return { reload, refetch };
}

/** What `StatusPoller` needs. */
export interface StatusPollerOptions {
  scheduler: Scheduler;
  /** Fetches the status and acts on `decideStatus`; the poller never runs two at once. */
  poll: () => Promise<void> | void;
  intervalMs?: number;
  idleMs?: number;
  visibleDelayMs?: number;
}

/** Runs `poll` on the docs/BEHAVIOUR.md §9 schedule; the web app feeds it clicks and visibility changes. */
export class StatusPoller {
  private readonly scheduler: Scheduler;
  private readonly poll: () => Promise<void> | void;
  private readonly intervalMs: number;
  private readonly idleMs: number;
  private readonly visibleDelayMs: number;
  private lastClickAt: number;
  private intervalTimer: TimerHandle | undefined;
  private visibleTimer: TimerHandle | undefined;
  private polling = false;

  constructor(options: StatusPollerOptions) {
    this.scheduler = options.scheduler;
    this.poll = options.poll;
    this.intervalMs = options.intervalMs ?? STATUS_POLL_MS;
    this.idleMs = options.idleMs ?? STATUS_POLL_IDLE_MS;
    this.visibleDelayMs = options.visibleDelayMs ?? STATUS_VISIBLE_DELAY_MS;
    this.lastClickAt = this.scheduler.now();
  }

  /** Starts the interval (loading the page counts as activity). */
  start(): void {
    this.stop();
    this.lastClickAt = this.scheduler.now();
    this.scheduleInterval();
  }

  /** Stops every timer (signing out, unmounting). */
  stop(): void {
    if (this.intervalTimer !== undefined) this.scheduler.clearTimeout(this.intervalTimer);
    if (this.visibleTimer !== undefined) this.scheduler.clearTimeout(this.visibleTimer);
    this.intervalTimer = undefined;
    this.visibleTimer = undefined;
  }

  /** Records a click: the user is here, so keep polling. */
  noteClick(): void {
    this.lastClickAt = this.scheduler.now();
  }

  /** The tab became visible: the user is back, so poll shortly whatever the idle time. */
  noteVisible(): void {
    this.lastClickAt = this.scheduler.now();
    if (this.visibleTimer !== undefined) this.scheduler.clearTimeout(this.visibleTimer);
    this.visibleTimer = this.scheduler.setTimeout(() => {
      this.visibleTimer = undefined;
      void this.run();
    }, this.visibleDelayMs);
  }

  private scheduleInterval(): void {
    this.intervalTimer = this.scheduler.setTimeout(() => {
      this.scheduleInterval();
      if (shouldPollStatus(this.scheduler.now(), this.lastClickAt, this.idleMs)) void this.run();
    }, this.intervalMs);
  }

  private async run(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await this.poll();
    } catch {
      // A failed poll is simply tried again at the next tick; the caller logs what matters.
    } finally {
      this.polling = false;
    }
  }
}
