// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_TOAST_MS, TOAST_MS, ToastProvider, useToast } from './Toasts';

function Trigger({ messages, undo }: { messages: string[]; undo?: () => void }) {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => messages.forEach((m) => toast.show(m))}>
        go
      </button>
      <button type="button" onClick={() => toast.show('Replaced Soup', { label: 'Undo', onClick: undo! })}>
        replace
      </button>
    </>
  );
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the newest message at once, in place of the one showing, for 4 s', () => {
    render(
      <ToastProvider>
        <Trigger messages={['Day saved', 'Recipe added']} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('Recipe added');

    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(region.textContent).toBe('Recipe added');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe('');
  });

  it('counts up a message repeated while it shows, and keeps it up 4 s after the last', () => {
    render(
      <ToastProvider>
        <Trigger messages={['Recipe added']} />
      </ToastProvider>,
    );
    const go = screen.getByRole('button', { name: 'go' });
    fireEvent.click(go);
    for (let i = 0; i < 7; i++) {
      act(() => vi.advanceTimersByTime(1_000));
      fireEvent.click(go);
    }
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('Recipe added ×8');
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(region.textContent).toBe('Recipe added ×8');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe('');
    // Once gone, the count starts again.
    fireEvent.click(go);
    expect(region.textContent).toBe('Recipe added');
  });

  it('keeps a toast with Undo up for 5 s; Undo runs once and closes it', () => {
    const undo = vi.fn();
    render(
      <ToastProvider>
        <Trigger messages={[]} undo={undo} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'replace' }));
    act(() => vi.advanceTimersByTime(ACTION_TOAST_MS - 1));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'replace' }));
    act(() => vi.advanceTimersByTime(ACTION_TOAST_MS));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('can be dismissed early', () => {
    render(
      <ToastProvider>
        <Trigger messages={['One']} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
