// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

// userEvent typing is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
import { LoginForm } from './LoginForm';

function renderForm(onSignedIn = vi.fn()) {
  render(
    <MemoryRouter>
      <LoginForm onSignedIn={onSignedIn} />
    </MemoryRouter>,
  );
  return onSignedIn;
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the validation messages of docs/BEHAVIOUR.md §5 and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await submit('', '');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on 403 says the e-mail or password is invalid and offers the reset link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"code":"INVALID_CREDENTIALS"}', { status: 403 })),
    );
    renderForm();
    expect(screen.queryByRole('link', { name: 'Forgot password' })).toBeNull();
    await submit('ada@example.org', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Email or password is invalid');
    expect(screen.getByRole('link', { name: 'Forgot password' }).getAttribute('href')).toBe(
      '/reset-password',
    );
  });

  it('on any other failure says to try again later, with the reset link too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    renderForm();
    await submit('ada@example.org', 'long-enough');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Oops, something went wrong. Try again later',
    );
    expect(screen.getByRole('link', { name: 'Forgot password' })).toBeTruthy();
  });

  it('signs in on 200', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    const onSignedIn = renderForm();
    await submit('ada@example.org', 'long-enough');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(window.localStorage.getItem('mealplan.signedIn')).toBe('1');
  });
});
