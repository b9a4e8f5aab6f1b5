import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './legal.css';

/** Both legal documents were last changed on this day (docs/BEHAVIOUR.md §1). */
export const LEGAL_UPDATED = 'Feb 25, 2025';

/** A readable document page: title, date, a short summary, then numbered sections. */
export function LegalLayout({
  title,
  summary,
  children,
}: {
  title: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="legal">
      <header className="legal-header">
        <h1>{title}</h1>
        <p className="legal-updated">Last updated: {LEGAL_UPDATED}</p>
        <div className="legal-summary">{summary}</div>
      </header>
      {children}
      <footer className="legal-footer">
        See also the <Link to="/legal/terms-of-service">Terms of Service</Link> and the{' '}
        <Link to="/legal/privacy">Privacy Policy</Link>.
      </footer>
    </article>
  );
}
