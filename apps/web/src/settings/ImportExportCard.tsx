import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../api';
import type { ApiError } from '../api';
import { FormAlert } from '../auth';
import './ImportExportCard.css';

/** POST /api/recipe-archives/preview (docs/API.md "Recipe archives"). */
export interface ArchivePreview {
  format: 'paprika' | 'mealie' | 'tandoor' | 'json-ld';
  recipes: {
    index: number;
    name: string;
    source: string | null;
    ingredients: number;
    hasPhoto: boolean;
    unread: string[];
    duplicateOf: { id: string; name: string } | null;
  }[];
  duplicates: number;
  plan: { limit: number | null; recipes: number; fits: number | null };
}

/** What an import did (the counts of its job). */
export interface ArchiveImportResult {
  added: number;
  replaced: number;
  skipped: number;
  overLimit: number;
  withoutPhoto: number;
}

/** The account's latest import: POST /api/recipe-archives/import, GET …/jobs/current. */
export interface ImportJob extends ArchiveImportResult {
  id: string;
  state: 'running' | 'done' | 'failed';
  format: ArchivePreview['format'];
  total: number;
  processed: number;
  startedAt: string;
  finishedAt: string | null;
  error: { code: string; message: string } | null;
}

type Choice = 'skip' | 'keep' | 'replace';

const FORMAT_NAMES: Record<ArchivePreview['format'], string> = {
  paprika: 'Paprika',
  mealie: 'Mealie',
  tandoor: 'Tandoor',
  'json-ld': 'JSON-LD (RecipeSage, schema.org)',
};

const FIELD_NAMES: Record<string, string> = {
  servings: 'servings',
  prepTime: 'prep time',
  cookTime: 'cook time',
  time: 'total time',
  rating: 'rating',
  url: 'source link',
  photo: 'photo',
};

/** Reading or sending a big file takes longer than the usual 30 s. */
const ARCHIVE_TIMEOUT_MS = 5 * 60_000;

/** How often a running import is asked for its progress. */
export const JOB_POLL_MS = 700;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What went wrong, in plain words: the file (the server says what), the connection, the session. */
export function archiveError(error: ApiError): string {
  if (error.status === 0) return 'You seem to be offline: try again when you are connected.';
  if (error.status === 401) return 'Your session has ended: sign in again and retry.';
  if (error.status === 429) return 'Too many tries: wait a minute and try again.';
  if (error.status >= 500) return 'Something went wrong on the server. Please try again later.';
  return error.message;
}

/** What an import did, in one sentence. */
export function importSummary(result: ArchiveImportResult): string {
  const parts = [`Imported ${plural(result.added, 'recipe')}`];
  if (result.replaced) parts.push(`replaced ${result.replaced}`);
  if (result.skipped) parts.push(`skipped ${plural(result.skipped, 'duplicate')}`);
  let text = `${parts.join(', ')}.`;
  if (result.overLimit)
    text += ` ${plural(result.overLimit, 'recipe')} did not fit your plan and ${result.overLimit === 1 ? 'was' : 'were'} left out.`;
  if (result.withoutPhoto)
    text += ` ${plural(result.withoutPhoto, 'photo')} could not be read; ${result.withoutPhoto === 1 ? 'its recipe is' : 'their recipes are'} imported without.`;
  return text;
}

/**
 * Settings' 'Import & export' (docs/BEHAVIOUR.md "Import & export"): another app's export is read
 * by the server and previewed (what it holds, which recipes are already here, what fits the plan),
 * each duplicate skipped, kept twice or replaced, then imported by a job on the server whose
 * progress the card follows (and finds again after a reload); the recipes come to this device
 * through sync. 'Export recipes' downloads them as JSON-LD with their photos, 'Download account
 * backup' the whole account as the CLI's backup file.
 */
export function ImportExportCard() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ArchivePreview | null>(null);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [busy, setBusy] = useState<'' | 'reading' | 'importing'>('');
  const [error, setError] = useState('');
  const [job, setJob] = useState<ImportJob | null>(null);
  /** The job was found on opening the page, already finished: its outcome is dated. */
  const [earlier, setEarlier] = useState(false);

  // An import started before a reload, or on another device, is found and followed.
  useEffect(() => {
    let live = true;
    void api.get<{ job: ImportJob | null }>('/api/recipe-archives/jobs/current').then((answer) => {
      if (!live || !answer.ok || !answer.data.job) return;
      setEarlier(answer.data.job.state !== 'running');
      setJob((current) => current ?? answer.data.job);
    });
    return () => {
      live = false;
    };
  }, []);

  const running = job?.state === 'running';
  useEffect(() => {
    if (!running) return;
    let live = true;
    const timer = setTimeout(() => {
      void api.get<{ job: ImportJob | null }>('/api/recipe-archives/jobs/current').then((answer) => {
        if (!live) return;
        // A failed poll (offline for a moment) asks again; the job goes on on the server.
        if (answer.ok && answer.data.job) setJob(answer.data.job);
        else setJob((current) => (current ? { ...current } : current));
      });
    }, JOB_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [running, job]);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setChoices({});
    if (input.current) input.current.value = '';
  };

  const choose = async (chosen: File | undefined) => {
    setError('');
    setJob(null);
    setPreview(null);
    setChoices({});
    if (!chosen) return;
    setFile(chosen);
    setBusy('reading');
    const answer = await api.post<ArchivePreview>('/api/recipe-archives/preview', undefined, {
      body: chosen,
      contentType: 'application/octet-stream',
      timeoutMs: ARCHIVE_TIMEOUT_MS,
    });
    setBusy('');
    if (!answer.ok) {
      setError(`${chosen.name}: ${archiveError(answer.error)}`);
      reset();
      return;
    }
    setPreview(answer.data);
  };

  const importNow = async () => {
    if (!file || !preview) return;
    const query = new URLSearchParams();
    for (const choice of ['keep', 'replace'] as const) {
      const picked = Object.entries(choices)
        .filter(([, value]) => value === choice)
        .map(([index]) => index);
      if (picked.length) query.set(choice, picked.join(','));
    }
    setBusy('importing');
    setError('');
    const answer = await api.post<ImportJob>(
      `/api/recipe-archives/import${query.size ? `?${query.toString()}` : ''}`,
      undefined,
      { body: file, contentType: 'application/octet-stream', timeoutMs: ARCHIVE_TIMEOUT_MS },
    );
    setBusy('');
    if (!answer.ok) {
      setError(archiveError(answer.error));
      return;
    }
    setEarlier(false);
    setJob(answer.data);
    reset();
  };

  const duplicates = preview?.recipes.filter((r) => r.duplicateOf) ?? [];
  const incoming = preview
    ? preview.recipes.length - duplicates.filter((r) => (choices[r.index] ?? 'skip') !== 'keep').length
    : 0;
  const toImport = preview
    ? preview.recipes.length - duplicates.filter((r) => (choices[r.index] ?? 'skip') === 'skip').length
    : 0;
  const fits = preview?.plan.fits ?? null;

  return (
    <section className="card import-export-card" aria-labelledby="import-export-title">
      <h2 id="import-export-title">Import &amp; export</h2>
      <p className="card-intro">
        Bring your recipes from Paprika, Mealie, Tandoor or RecipeSage, or any schema.org JSON-LD file, with
        their photos. Take them with you as JSON-LD.
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      {job && running && (
        <div className="import-progress">
          <progress
            max={job.total}
            value={job.processed}
            aria-label="Import progress"
            aria-valuetext={`${job.processed} of ${job.total}`}
          />
          <p role="status">
            Importing {FORMAT_NAMES[job.format]} recipes: {job.processed} of {job.total}. You can leave this
            page; the import goes on.
          </p>
        </div>
      )}
      {job && !running && (
        <>
          {job.error && <FormAlert>{job.error.message}</FormAlert>}
          <p className="import-result" role="status">
            {earlier && `Last import, ${new Date(job.finishedAt ?? job.startedAt).toLocaleString()}: `}
            {importSummary(job)} New recipes are in the Test Kitchen; those rated 4 or 5 are in the Cookbook.
          </p>
        </>
      )}
      {!preview && !running && (
        <div className="import-choose">
          <label htmlFor={inputId} className="button primary">
            {busy === 'reading' ? 'Reading the file…' : 'Choose an export file…'}
          </label>
          <input
            id={inputId}
            ref={input}
            className="visually-hidden"
            type="file"
            disabled={busy !== ''}
            onChange={(event) => void choose(event.currentTarget.files?.[0])}
          />
          <p className="card-note">
            Paprika: Export, all recipes (.paprikarecipes). Mealie: Data management, export recipes. Tandoor:
            Export, default format. RecipeSage: Settings, export as JSON-LD. At most 100 MB.
          </p>
        </div>
      )}
      {preview && (
        <div className="import-preview" aria-live="polite">
          <p>
            <strong>{FORMAT_NAMES[preview.format]}</strong> export: {plural(preview.recipes.length, 'recipe')}
            {`, ${preview.recipes.filter((r) => r.hasPhoto).length} with photos`}.
            {preview.duplicates > 0 && ` ${plural(preview.duplicates, 'recipe')} already in your recipes.`}
          </p>
          {fits !== null && incoming > fits && (
            <p className="card-note import-plan">
              Your plan has room for {plural(fits, 'more recipe')}: the first {fits} new ones are imported,
              the rest left out.
            </p>
          )}
          {duplicates.length > 0 && (
            <fieldset className="import-duplicates">
              <legend>Already in your recipes</legend>
              {duplicates.map((recipe) => (
                <label key={recipe.index} className="import-duplicate">
                  <span className="import-duplicate-name">{recipe.name}</span>
                  <select
                    aria-label={`${recipe.name}: what to do`}
                    value={choices[recipe.index] ?? 'skip'}
                    onChange={(event) =>
                      setChoices({ ...choices, [recipe.index]: event.currentTarget.value as Choice })
                    }
                  >
                    <option value="skip">Skip</option>
                    <option value="keep">Keep both</option>
                    <option value="replace">Replace</option>
                  </select>
                </label>
              ))}
            </fieldset>
          )}
          <details className="import-list">
            <summary>The recipes</summary>
            <ul>
              {preview.recipes.map((recipe) => (
                <li key={recipe.index}>
                  {recipe.name}{' '}
                  <span className="card-note">
                    {plural(recipe.ingredients, 'ingredient')}
                    {recipe.hasPhoto ? ', photo' : ''}
                    {recipe.unread.length > 0 &&
                      `; could not read: ${recipe.unread.map((f) => FIELD_NAMES[f] ?? f).join(', ')}`}
                  </span>
                </li>
              ))}
            </ul>
          </details>
          <div className="form-actions">
            <button
              type="button"
              className="button primary"
              disabled={busy !== '' || toImport === 0}
              onClick={() => void importNow()}
            >
              {busy === 'importing' ? 'Importing…' : `Import ${plural(toImport, 'recipe')}`}
            </button>
            <button type="button" className="button ghost" disabled={busy !== ''} onClick={reset}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <div className="import-export-actions">
        <a className="button" href="/api/recipe-archives/export.jsonld.zip" download>
          Export recipes (JSON-LD)
        </a>
        <p className="card-note">
          A zip with recipes.json (schema.org JSON-LD) and the photos, which Mealplan and most recipe apps can
          import.
        </p>
        <a className="button" href="/api/recipe-archives/account-backup.json" download>
          Download account backup
        </a>
        <p className="card-note">
          Everything in your account (recipes, plan, notes, groceries and photos) in one file, for moving to
          another Mealplan server: its administrator loads it with mealplan import.
        </p>
      </div>
    </section>
  );
}
