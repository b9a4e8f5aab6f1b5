/** chrome.storage.local as the sender's StateStore. */
import type { StateStore, StoredState } from './sender';

export const chromeStore: StateStore = {
  async get() {
    return (await chrome.storage.local.get(null)) as StoredState;
  },
  set(values) {
    return chrome.storage.local.set(values);
  },
  remove(keys) {
    return chrome.storage.local.remove(keys);
  },
};
