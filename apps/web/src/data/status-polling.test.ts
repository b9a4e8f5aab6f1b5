import type { StatusResponse } from '@mealplan/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startStatusPolling } from './status-polling';

/** A stand-in for `document`: clicks and visibility changes are dispatched by the test. */
function fakeDocument() {
  const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  target.visibilityState = 'visible';
  return {
    doc: target as unknown as Document,
    click: () => target.dispatchEvent(new Event('click')),
    show: () => {
      target.visibilityState = 'visible';
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

function setup(answers: StatusResponse[]) {
  const page = fakeDocument();
  const fetchStatus = vi.fn(async () => answers.shift());
  const refetch = vi.fn();
  const reload = vi.fn();
  const held = { notes: '"1-n"', groceries: '"1-g"', 'agenda/u2': '"1-a"' };
  const onSignedOut = vi.fn();
  const stop = startStatusPolling({
    held: () => held,
    refetch,
    reload,
    fetchStatus,
    onSignedOut,
    document: page.doc,
  });
  return { ...page, fetchStatus, refetch, reload, onSignedOut, stop };
}

const status = (commitHash: string, etags: Record<string, string> = {}): StatusResponse => ({ commitHash, etags });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('status polling', () => {
  it('asks once at start, then every 30 s while the user clicks', async () => {
    const { fetchStatus, click, stop } = setup([status('c1'), status('c1'), status('c1'), status('c1')]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    click();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    stop();
  });

  it('skips polls after a minute without a click, and polls 1 s after the tab is visible again', async () => {
    const { fetchStatus, show, stop } = setup(Array.from({ length: 10 }, () => status('c1')));
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(60_000); // polls at 30 s and 60 s: within the minute
    const before = fetchStatus.mock.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchStatus.mock.calls.length).toBe(before);
    show();
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchStatus.mock.calls.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus.mock.calls.length).toBe(before + 1);
    stop();
  });

  it('refetches the data keys whose ETag moved, comparing the header strings exactly', async () => {
    const { refetch, reload, stop } = setup([
      status('c1', { notes: '"1-n"', groceries: '"2-g"', 'agenda/u2': '"3-a"', recipes: '"9-r"' }),
    ]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refetch.mock.calls).toEqual([
      ['groceries', '"2-g"'],
      ['agenda/u2', '"3-a"'],
    ]);
    expect(reload).not.toHaveBeenCalled();
    stop();
  });

  it('reloads when the commit hash changes, not on the first answer', async () => {
    const { reload, click, stop } = setup([status('c1'), status('c2')]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reload).not.toHaveBeenCalled();
    click();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps quiet when the poll fails (offline)', async () => {
    const { reload, refetch, stop } = setup([]);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(reload).not.toHaveBeenCalled();
    expect(refetch).not.toHaveBeenCalled();
    stop();
  });

  it('notices a session that ended: the answer names none of the documents this tab holds', async () => {
    const { onSignedOut, show, stop } = setup([status('c1', { notes: '"1-n"', groceries: '"1-g"' }), status('c1')]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onSignedOut).not.toHaveBeenCalled();
    show();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    stop();
  });
});
