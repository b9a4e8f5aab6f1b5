/**
 * Tells the store's subscribers that something changed, at most once per batch: inside `batch`,
 * changes are noted and one notification goes out when the outermost batch ends.
 */
export interface ChangeNotifier {
  subscribe(listener: () => void): () => void;
  /** Notifies now, or at the end of the current batch. */
  notify(): void;
  /** Runs `run`, holding notifications until it (and any batch inside it) is done. */
  batch(run: () => void): void;
  clear(): void;
}

export function createChangeNotifier(): ChangeNotifier {
  const listeners = new Set<() => void>();
  let depth = 0;
  let changed = false;
  const notifier: ChangeNotifier = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify() {
      if (depth) {
        changed = true;
        return;
      }
      for (const listener of [...listeners]) listener();
    },
    batch(run) {
      depth += 1;
      try {
        run();
      } finally {
        depth -= 1;
        if (!depth && changed) {
          changed = false;
          notifier.notify();
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
  return notifier;
}
