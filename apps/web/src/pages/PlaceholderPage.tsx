/** Stands in for a page that a later piece of work builds; it names the page so routing can be checked. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="placeholder">
      <h1>{title}</h1>
      <p>This page is coming soon.</p>
    </section>
  );
}
