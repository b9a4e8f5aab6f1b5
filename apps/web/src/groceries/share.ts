/**
 * Sending the list as text (docs/BEHAVIOUR.md §2 "Groceries"): through the system's share sheet where
 * the browser has the Web Share API, else to the clipboard. The caller says what happened, and shows
 * the text to copy by hand when both are missing or refused (a plain-http self-hosted server has
 * neither), so the action never fails silently.
 */

/** What became of a share: sent, cancelled by the user in the share sheet, copied, or neither. */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/** The parts of `navigator` used here; a test passes its own. */
export interface ShareTarget {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: Pick<Clipboard, 'writeText'>;
}

/** Shares `title` and `text` through the share sheet, or copies the text to the clipboard. */
export async function shareOrCopy(
  data: { title: string; text: string },
  target: ShareTarget = navigator,
): Promise<ShareOutcome> {
  if (typeof target.share === 'function' && (target.canShare?.(data) ?? true)) {
    try {
      await target.share(data);
      return 'shared';
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!target.clipboard) return 'failed';
    await target.clipboard.writeText(data.text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
