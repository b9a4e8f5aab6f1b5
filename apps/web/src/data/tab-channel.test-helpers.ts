import type { TabChannel, TabMessage } from './tab-channel';

/** In-memory channels that behave like BroadcastChannels of one name, for tests. */
export class MemoryChannelHub {
  private readonly members = new Set<(message: TabMessage) => void>();

  /** Opens one tab's end of the channel; delivery is asynchronous, like the real one. */
  open(): TabChannel {
    const own = new Set<(message: TabMessage) => void>();
    const member = (message: TabMessage) => {
      for (const listener of own) listener(structuredClone(message));
    };
    this.members.add(member);
    return {
      post: (message) => {
        for (const other of this.members) if (other !== member) queueMicrotask(() => other(message));
      },
      subscribe(listener) {
        own.add(listener);
        return () => own.delete(listener);
      },
      close: () => this.members.delete(member),
    };
  }
}
