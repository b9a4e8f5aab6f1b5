import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Catches a page that fails to render (or a lazy chunk that fails to load after a deploy) and
 * offers a reload, instead of leaving a blank screen.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    // Navigating elsewhere gets a fresh try.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="placeholder" role="alert">
        <h1>Something went wrong</h1>
        <p className="lede">This page could not be shown. Reloading usually fixes it.</p>
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    );
  }
}
