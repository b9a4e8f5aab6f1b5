import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveEvents } from './live-events';

/** A stand-in EventSource whose events the test fires. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }

  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  emit(type: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  /** The browser retries by itself (CONNECTING) or gives up (CLOSED, e.g. after a 401). */
  fail(readyState: number): void {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }

  close(): void {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

const latest = () => FakeEventSource.instances.at(-1) as FakeEventSource;

function connect() {
  const onEtag = vi.fn();
  const onMe = vi.fn();
  const onOpen = vi.fn();
  const live = connectLiveEvents({
    onEtag,
    onMe,
    onOpen,
    EventSource: FakeEventSource as unknown as typeof EventSource,
    backoffMs: [3_000, 10_000],
  });
  return { live, onEtag, onMe, onOpen };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
});
afterEach(() => vi.useRealTimers());

describe('live events', () => {
  it('passes etag and me events on, with the data key', () => {
    const { onEtag, onMe, onOpen } = connect();
    expect(latest().url).toBe('/api/events');
    latest().open();
    expect(onOpen).toHaveBeenCalledWith(false);
    latest().emit('etag', { doc: 'groceries', etag: '"5-x"', key: 'groceries' });
    latest().emit('etag', { doc: 'agenda', etag: '"2-y"', key: 'agenda/u2', userId: 'u2' });
    latest().emit('etag', 'not json at all');
    latest().emit('me', {});
    expect(onEtag.mock.calls).toEqual([
      [{ doc: 'groceries', etag: '"5-x"', key: 'groceries' }],
      [{ doc: 'agenda', etag: '"2-y"', key: 'agenda/u2', userId: 'u2' }],
    ]);
    expect(onMe).toHaveBeenCalledTimes(1);
  });

  it('after a drop the browser reconnects, and the reopened stream says events may be missed', () => {
    const { onOpen } = connect();
    latest().open();
    latest().fail(FakeEventSource.CONNECTING);
    expect(FakeEventSource.instances).toHaveLength(1);
    latest().open();
    expect(onOpen).toHaveBeenLastCalledWith(true);
  });

  it('reconnects with a growing delay when the server refused the stream, and at once on wake', async () => {
    const { live, onOpen } = connect();
    latest().fail(FakeEventSource.CLOSED);
    expect(latest().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    latest().fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(FakeEventSource.instances).toHaveLength(2); // now 10 s
    live.wake(); // the browser is back online
    expect(FakeEventSource.instances).toHaveLength(3);
    latest().open();
    expect(onOpen).toHaveBeenCalledWith(true);
    live.close();
    expect(latest().closed).toBe(true);
  });
});
