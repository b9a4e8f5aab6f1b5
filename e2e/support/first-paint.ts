/**
 * The scripts a prerendered page's HTML asks for (docs/ARCHITECTURE.md "The app's scripts come
 * after the first paint"): `named`, every script its tags name (`src="…"`, `href="…"`), and `listed`,
 * the app's files the first-paint script's `data-app` attribute lists for later.
 */
export function pageScripts(html: string): { named: string[]; listed: string[] } {
  const named = html.match(/(?:href|src)="\/assets\/[^"]+\.js"/g) ?? [];
  const listed = JSON.parse(
    (html.match(/data-app="([^"]+)"/)?.[1] ?? '[]').replace(/&quot;/g, '"'),
  ) as string[];
  return { named, listed };
}
