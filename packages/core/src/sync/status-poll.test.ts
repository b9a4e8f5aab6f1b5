import { describe, expect, it } from 'vitest';
import { STATUS_POLL_IDLE_MS, STATUS_POLL_MS, STATUS_VISIBLE_DELAY_MS } from '../constants.js';
import { StatusPoller, decideStatus, shouldPollStatus } from './status-poll.js';
import { ManualScheduler, flushMicrotasks } from './testing.test-helpers.js';

describe('shouldPollStatus', () => {
  it('polls until the last click is over STATUS_POLL_IDLE_MS old', () => {
    expect(shouldPollStatus(STATUS_POLL_IDLE_MS, 0)).toBe(true);
    expect(shouldPollStatus(STATUS_POLL_IDLE_MS + 1, 0)).toBe(false);
  });
});

describe('decideStatus', () => {
  const status = { commitHash: 'abc', etags: { agenda: '"4"', recipes: '"9"', notes: '"1"' } };

  it('refetches the loaded documents whose ETag moved', () => {
    expect(decideStatus(status, 'abc', { agenda: '"3"', recipes: '"9"', groceries: '"2"' })).toEqual({
      reload: false,
      refetch: ['agenda'],
    });
  });

  it('ignores documents the client has not loaded', () => {
    expect(decideStatus(status, 'abc', { notes: undefined }).refetch).toEqual([]);
  });

  it('reloads when the commit changed, not on the first answer', () => {
    expect(decideStatus(status, 'old', {}).reload).toBe(true);
    expect(decideStatus(status, undefined, {}).reload).toBe(false);
  });
});

describe('StatusPoller', () => {
  function setup() {
    const scheduler = new ManualScheduler();
    let polls = 0;
    const poller = new StatusPoller({ scheduler, poll: () => void (polls += 1) });
    /** Moves the clock, then lets the finished poll clear its in-progress flag. */
    const advance = async (ms: number) => {
      scheduler.advance(ms);
      await flushMicrotasks();
    };
    return { advance, poller, polls: () => polls };
  }

  it('polls every STATUS_POLL_MS while the user clicks, and not once idle', async () => {
    const { advance, poller, polls } = setup();
    poller.start();
    await advance(STATUS_POLL_MS);
    expect(polls()).toBe(1);
    await advance(STATUS_POLL_MS);
    expect(polls()).toBe(2); // 60 s since start: not over a minute yet
    await advance(STATUS_POLL_MS);
    expect(polls()).toBe(2);
    poller.noteClick();
    await advance(STATUS_POLL_MS);
    expect(polls()).toBe(3);
  });

  it('polls STATUS_VISIBLE_DELAY_MS after the tab becomes visible, even when idle', async () => {
    const { advance, poller, polls } = setup();
    poller.start();
    await advance(5 * STATUS_POLL_MS);
    const before = polls();
    poller.noteVisible();
    await advance(STATUS_VISIBLE_DELAY_MS);
    expect(polls()).toBe(before + 1);
  });

  it('never runs two polls at once, and stops on stop()', async () => {
    const scheduler = new ManualScheduler();
    let started = 0;
    let finish = () => {};
    const poller = new StatusPoller({
      scheduler,
      poll: () => {
        started += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    poller.start();
    scheduler.advance(STATUS_POLL_MS);
    poller.noteVisible();
    scheduler.advance(STATUS_VISIBLE_DELAY_MS);
    expect(started).toBe(1);
    finish();
    await flushMicrotasks();
    poller.stop();
    scheduler.advance(10 * STATUS_POLL_MS);
    expect(started).toBe(1);
    expect(scheduler.pendingTimers).toBe(0);
  });
});
