import type { ReactNode } from 'react';
import './auth.css';

/** The centred card every sign-in page sits in. */
export function AuthLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="auth">
      <div className="auth-card">
        <h1>{title}</h1>
        {intro && <p className="auth-intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** A form-level message (not tied to one field): red for errors, green for good news. */
export function FormAlert({
  kind = 'error',
  children,
}: {
  kind?: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
