// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS, ToastProvider, useToast } from './Toasts';

function Trigger({ messages }: { messages: string[] }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => messages.forEach((m) => toast.show(m))}>
      go
    </button>
  );
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows one message at a time, each for 4 s', () => {
    render(
      <ToastProvider>
        <Trigger messages={['Day saved', 'Recipe added']} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    const region = screen.getByRole('status');
    expect(region.textContent).toContain('Day saved');
    expect(region.textContent).not.toContain('Recipe added');

    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(region.textContent).toContain('Day saved');
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toContain('Recipe added');
    act(() => vi.advanceTimersByTime(TOAST_MS));
    expect(region.textContent).toBe('');
  });

  it('can be dismissed early, which brings up the next one', () => {
    render(
      <ToastProvider>
        <Trigger messages={['One', 'Two']} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status').textContent).toContain('Two');
  });
});
