/**
 * 'Share' and 'Print' in the store toolbar (docs/BEHAVIOUR.md §2 "Groceries"). Share sends what is
 * left to buy at the active store as text: through the share sheet, else to the clipboard with a
 * toast, else in a dialog to copy by hand. Print calls the browser's print, which prints the print
 * view (PrintList.tsx, print.css) instead of the page.
 */
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../ui';
import { useGroceryApi } from './GroceryApi';
import { PrintIcon, ShareIcon } from './icons';
import { groceryMessages } from './messages';
import { shareOrCopy } from './share';
import { listText, listToBuy } from './to-buy';

/** The Share and Print buttons of the store `storeId`. */
export function ListActions({ storeId }: { storeId: string }) {
  const api = useGroceryApi();
  const [toCopy, setToCopy] = useState<string | undefined>();

  const share = async () => {
    const store = api.current().stores[storeId];
    if (!store) return;
    const list = listToBuy(store);
    const text = listText(list);
    const outcome = await shareOrCopy({ title: list.store, text });
    if (outcome === 'copied') api.toast(groceryMessages.listCopied);
    else if (outcome === 'failed') setToCopy(text);
  };

  return (
    <div className="list-actions">
      <button
        type="button"
        className="button list-action"
        title="Share the list"
        onClick={() => void share()}
      >
        <ShareIcon width={20} height={20} />
        <span className="list-action-label">Share</span>
      </button>
      <button
        type="button"
        className="button list-action"
        title="Print the list"
        onClick={() => window.print()}
      >
        <PrintIcon width={20} height={20} />
        <span className="list-action-label">Print</span>
      </button>
      <CopyDialog text={toCopy} onClose={() => setToCopy(undefined)} />
    </div>
  );
}

/** The list's text, selected, for when neither the share sheet nor the clipboard could take it. */
function CopyDialog({ text, onClose }: { text: string | undefined; onClose: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const open = text !== undefined;
  // The modal opens in its own effect, which runs before this one: the field can take the focus.
  useEffect(() => {
    if (!open) return;
    field.current?.focus();
    field.current?.select();
  }, [open]);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Copy the list"
      footer={
        <button type="button" className="button primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <p className="modal-intro">This browser could not share or copy the list. Copy the text below.</p>
      <textarea
        ref={field}
        className="copy-list-text"
        aria-label="The list"
        readOnly
        rows={Math.min(12, (text ?? '').split('\n').length)}
        value={text ?? ''}
        onFocus={(event) => event.currentTarget.select()}
      />
    </Modal>
  );
}
