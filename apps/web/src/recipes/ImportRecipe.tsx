import type { ExtractedRecipe } from '@mealplan/core';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../api';
import './ImportRecipe.css';

/** A recipe as POST /api/recipe-imports reads it from a page: core's extraction result. */
/** The recipe the server read, and the photo it stored from the page's image (null when none). */
export type ImportedRecipe = ExtractedRecipe & { photoId?: string | null };

type Status =
  | { kind: 'idle' }
  | { kind: 'busy'; from: 'link' | 'paste' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; message: string };

/** What to tell the user when the call itself failed, rather than the server refusing the page. */
function failureMessage(status: number, message: string): string {
  if (status === 0) return 'Mealplan could not be reached. Check your connection and try again.';
  return message;
}

/** Where a recipe came from, for the confirmation ('bakerbynature.com'). */
function sourceName(recipe: ImportedRecipe): string {
  if (!recipe.url) return 'the pasted text';
  try {
    return new URL(recipe.url).hostname.replace(/^www\./, '');
  } catch {
    return recipe.url;
  }
}

/**
 * "Import from a link" and its "paste the page" alternative at the top of the New Recipe form
 *. The server reads the recipe; `onImport` fills the form for review. It never saves,
 * and on failure the message shows here while everything typed stays as it was.
 */
export function ImportRecipe({
  onImport,
  autoFocus = false,
}: {
  onImport: (recipe: ImportedRecipe) => void;
  /** Focus the link field when the form opens (the first-run guide's 'Import from a link'). */
  autoFocus?: boolean;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [content, setContent] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const busy = status.kind === 'busy';

  const run = async (from: 'link' | 'paste') => {
    if (busy) return;
    const body =
      from === 'link' ? { url: url.trim() } : { content, ...(url.trim() ? { url: url.trim() } : {}) };
    if (from === 'link' && !body.url) {
      setStatus({ kind: 'error', message: 'Enter the link of a recipe page' });
      return;
    }
    if (from === 'paste' && !content.trim()) {
      setStatus({ kind: 'error', message: "Paste the page's HTML or the recipe's text first" });
      return;
    }
    setStatus({ kind: 'busy', from });
    const result = await api.post<ImportedRecipe>('/api/recipe-imports', body);
    if (!result.ok) {
      setStatus({ kind: 'error', message: failureMessage(result.status, result.error.message) });
      return;
    }
    onImport(result.data);
    const count = result.data.ingredients.filter((line) => !line.endsWith(':')).length;
    setStatus({
      kind: 'done',
      message: `Filled in from ${sourceName(result.data)} (${count} ingredient${count === 1 ? '' : 's'}). Check the fields, then Save.`,
    });
  };

  const submitLink = (event: FormEvent) => {
    event.preventDefault();
    void run('link');
  };

  return (
    <section className="recipe-import" aria-label="Import a recipe" aria-busy={busy}>
      <form className="recipe-import-link" onSubmit={submitLink} noValidate>
        <label htmlFor={`${id}-url`} className="recipe-import-title">
          Import from a link
        </label>
        <div className="recipe-import-row">
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/best-lasagna"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            aria-describedby={`${id}-status`}
            // The dialog focuses its first [autofocus] element when it opens; this comes before Name.
            ref={(element) => {
              if (autoFocus) element?.setAttribute('autofocus', '');
            }}
          />
          <button type="submit" className="button primary" disabled={busy}>
            {status.kind === 'busy' && status.from === 'link' ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
      <details className="recipe-import-paste">
        <summary>Paste the page&apos;s HTML or text</summary>
        <p className="field-message">
          For sites that do not let Mealplan in: copy the page&apos;s source (Ctrl+U), or the recipe&apos;s
          text with its Ingredients and Instructions headings.
        </p>
        <label htmlFor={`${id}-content`} className="visually-hidden">
          Page HTML or text
        </label>
        <textarea
          id={`${id}-content`}
          rows={5}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          spellCheck={false}
        />
        <div className="recipe-import-actions">
          <button type="button" className="button" disabled={busy} onClick={() => void run('paste')}>
            {status.kind === 'busy' && status.from === 'paste' ? 'Reading…' : 'Read recipe'}
          </button>
        </div>
      </details>
      <div id={`${id}-status`}>
        {status.kind === 'error' && (
          <p className="alert alert--error recipe-import-message" role="alert">
            {status.message}
          </p>
        )}
        {status.kind === 'done' && (
          <p className="alert alert--success recipe-import-message" role="status">
            {status.message}
          </p>
        )}
      </div>
    </section>
  );
}
