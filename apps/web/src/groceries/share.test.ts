// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { shareOrCopy, type ShareTarget } from './share';

const data = { title: 'Corner shop', text: 'Corner shop\n\nMain\n- Coffee (1)' };

function target(share?: () => Promise<void>, writeText?: () => Promise<void>) {
  const shared = vi.fn(share ?? (() => Promise.resolve()));
  const copied = vi.fn(writeText ?? (() => Promise.resolve()));
  const value: ShareTarget = { clipboard: { writeText: copied } };
  if (share) value.share = shared;
  return { value, shared, copied };
}

const refused = (name: string) => () => Promise.reject(new DOMException('no', name));

describe('shareOrCopy', () => {
  it('uses the share sheet where there is one, with the title and the text', async () => {
    const { value, shared, copied } = target(() => Promise.resolve());
    expect(await shareOrCopy(data, value)).toBe('shared');
    expect(shared).toHaveBeenCalledWith(data);
    expect(copied).not.toHaveBeenCalled();
  });

  it('copies the text when there is no share sheet', async () => {
    const { value, copied } = target();
    expect(await shareOrCopy(data, value)).toBe('copied');
    expect(copied).toHaveBeenCalledWith(data.text);
  });

  it('copies the text when the share sheet refuses, or cannot share text', async () => {
    const notAllowed = target(refused('NotAllowedError'));
    expect(await shareOrCopy(data, notAllowed.value)).toBe('copied');
    expect(notAllowed.copied).toHaveBeenCalledWith(data.text);

    const cannot = target(() => Promise.resolve());
    cannot.value.canShare = () => false;
    expect(await shareOrCopy(data, cannot.value)).toBe('copied');
    expect(cannot.shared).not.toHaveBeenCalled();
  });

  it('does nothing more when the user closes the share sheet', async () => {
    const { value, copied } = target(refused('AbortError'));
    expect(await shareOrCopy(data, value)).toBe('cancelled');
    expect(copied).not.toHaveBeenCalled();
  });

  it('says it failed when the clipboard is missing or refuses too', async () => {
    expect(await shareOrCopy(data, {})).toBe('failed');
    const { value } = target(undefined, refused('NotAllowedError'));
    expect(await shareOrCopy(data, value)).toBe('failed');
  });
});
