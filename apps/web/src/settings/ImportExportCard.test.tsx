// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportExportCard, importSummary, type ArchivePreview, type ImportJob } from './ImportExportCard';

const PREVIEW: ArchivePreview = {
  format: 'paprika',
  recipes: [
    {
      index: 0,
      name: 'Käsespätzle',
      source: 'https://example.de/s',
      ingredients: 4,
      hasPhoto: true,
      unread: [],
      duplicateOf: null,
    },
    {
      index: 1,
      name: 'Porridge',
      source: null,
      ingredients: 2,
      hasPhoto: false,
      unread: ['servings'],
      duplicateOf: { id: 'p', name: 'Porridge' },
    },
    {
      index: 2,
      name: 'Dal',
      source: null,
      ingredients: 3,
      hasPhoto: true,
      unread: [],
      duplicateOf: { id: 'd', name: 'Dal' },
    },
  ],
  duplicates: 2,
  plan: { limit: 200, recipes: 199, fits: 1 },
};

const job = (changes: Partial<ImportJob>): ImportJob => ({
  id: 'job-1',
  state: 'running',
  format: 'paprika',
  total: 3,
  processed: 0,
  added: 0,
  replaced: 0,
  skipped: 0,
  overLimit: 0,
  withoutPhoto: 0,
  startedAt: '2026-11-26T09:00:00.000Z',
  finishedAt: null,
  error: null,
  ...changes,
});

/**
 * The server: answers the preview, the import (202 and the job) and each poll of the current job
 * with the next of `jobs` (the last one repeated), recording each call.
 */
function fakeServer(
  previewAnswer: Response = Response.json(PREVIEW),
  jobs: (ImportJob | null)[] = [null],
  importAnswer: () => Response = () => Response.json(job({}), { status: 202 }),
) {
  const calls: { url: string; body: unknown }[] = [];
  let polls = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, body: init.body });
    if (url.endsWith('/preview')) return previewAnswer;
    if (url.endsWith('/jobs/current'))
      return Response.json({ job: jobs[Math.min(polls++, jobs.length - 1)] });
    return importAnswer();
  });
  return calls;
}

const chooseFile = (name = 'Recipes.paprikarecipes') => {
  const file = new File([new Uint8Array([80, 75, 3, 4])], name);
  fireEvent.change(screen.getByLabelText('Choose an export file…'), { target: { files: [file] } });
  return file;
};

describe('the Import & export card', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('previews a file, asks about each duplicate and what fits the plan, then imports with the choices and follows the progress', async () => {
    const calls = fakeServer(Response.json(PREVIEW), [
      null,
      job({ processed: 2, added: 1, skipped: 1 }),
      job({
        state: 'done',
        processed: 3,
        added: 1,
        replaced: 1,
        skipped: 1,
        finishedAt: '2026-11-26T09:00:02Z',
      }),
    ]);
    render(<ImportExportCard />);
    const file = chooseFile();
    expect(await screen.findByText('Paprika')).toBeTruthy();
    expect(screen.getByText(/3 recipes, 2 with photos\. 2 recipes already in your recipes\./)).toBeTruthy();
    expect(calls[1]).toEqual({ url: '/api/recipe-archives/preview', body: file });
    expect(screen.getByText(/could not read: servings/)).toBeTruthy();
    const duplicates = screen.getByRole('group', { name: 'Already in your recipes' });
    expect(within(duplicates).getAllByRole('combobox')).toHaveLength(2);
    // Both skipped by default: one recipe to import.
    expect(screen.getByRole('button', { name: 'Import 1 recipe' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Porridge: what to do'), { target: { value: 'keep' } });
    fireEvent.change(screen.getByLabelText('Dal: what to do'), { target: { value: 'replace' } });
    // Keeping both makes two new recipes where the plan has room for one.
    expect(screen.getByText(/Your plan has room for 1 more recipe/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 recipes' }));
    const progress = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(progress.getAttribute('max')).toBe('3');
    expect(screen.getByRole('status').textContent).toContain('Importing Paprika recipes: 0 of 3.');
    expect(screen.queryByLabelText('Choose an export file…')).toBeNull();
    expect(await screen.findByText(/Importing Paprika recipes: 2 of 3\./)).toBeTruthy();
    expect(progress.getAttribute('value')).toBe('2');
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toBe(
          'Imported 1 recipe, replaced 1, skipped 1 duplicate. New recipes are in the Test Kitchen; those rated 4 or 5 are in the Cookbook.',
        ),
      { timeout: 3000 },
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/recipe-archives/jobs/current',
      '/api/recipe-archives/preview',
      '/api/recipe-archives/import?keep=1&replace=2',
      '/api/recipe-archives/jobs/current',
      '/api/recipe-archives/jobs/current',
    ]);
    expect(calls[2]!.body).toBe(file);
  });

  it('after a reload finds the running import, shows its progress, then its outcome', async () => {
    fakeServer(undefined, [
      job({ processed: 50, total: 120, added: 48, skipped: 2 }),
      job({
        state: 'done',
        total: 120,
        processed: 120,
        added: 118,
        skipped: 2,
        finishedAt: '2026-11-26T09:01:00Z',
      }),
    ]);
    render(<ImportExportCard />);
    expect(await screen.findByText(/Importing Paprika recipes: 50 of 120\./)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('50');
    expect(screen.queryByLabelText('Choose an export file…')).toBeNull();
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toMatch(
          /^Imported 118 recipes, skipped 2 duplicates\./,
        ),
      { timeout: 3000 },
    );
    expect(screen.getByLabelText('Choose an export file…')).toBeTruthy();
  });

  it('tells of an earlier import that stopped, with what it imported, in plain words', async () => {
    const message =
      'The import stopped when the server restarted, after 100 of 110 recipes. What it imported is in your recipes; choose the file again to import the rest (those already here are skipped as duplicates).';
    fakeServer(undefined, [
      job({
        state: 'failed',
        total: 110,
        processed: 100,
        added: 100,
        finishedAt: '2026-11-26T09:01:00Z',
        error: { code: 'ARCHIVE_IMPORT_INTERRUPTED', message },
      }),
    ]);
    render(<ImportExportCard />);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('status').textContent).toMatch(/^Last import, .+: Imported 100 recipes\./);
  });

  it('says so when another import of the account is running', async () => {
    fakeServer(Response.json(PREVIEW), [null], () =>
      Response.json(
        {
          code: 'ARCHIVE_IMPORT_RUNNING',
          message: 'An import is already running for this account. Try again when it has finished.',
        },
        { status: 409 },
      ),
    );
    render(<ImportExportCard />);
    chooseFile();
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 recipe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An import is already running for this account. Try again when it has finished.',
    );
  });

  it('says in plain words what is wrong with a file, naming it, and when the connection is lost', async () => {
    fakeServer(
      Response.json(
        { code: 'ARCHIVE_UNKNOWN_FORMAT', message: 'This file is not a recipe export Mealplan can read.' },
        { status: 400 },
      ),
    );
    render(<ImportExportCard />);
    chooseFile('holiday.jpg');
    expect(
      await screen.findByText('holiday.jpg: This file is not a recipe export Mealplan can read.'),
    ).toBeTruthy();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    chooseFile('Recipes.zip');
    expect(
      await screen.findByText('Recipes.zip: You seem to be offline: try again when you are connected.'),
    ).toBeTruthy();
  });

  it('offers the JSON-LD export as a download', () => {
    fakeServer();
    render(<ImportExportCard />);
    const link = screen.getByRole('link', { name: 'Export recipes (JSON-LD)' });
    expect(link.getAttribute('href')).toBe('/api/recipe-archives/export.jsonld.zip');
    expect(link.hasAttribute('download')).toBe(true);
    const backup = screen.getByRole('link', { name: 'Download account backup' });
    expect(backup.getAttribute('href')).toBe('/api/recipe-archives/account-backup.json');
  });

  it('sums up what an import did', () => {
    expect(importSummary({ added: 0, replaced: 0, skipped: 0, overLimit: 2, withoutPhoto: 1 })).toBe(
      'Imported 0 recipes. 2 recipes did not fit your plan and were left out. 1 photo could not be read; its recipe is imported without.',
    );
  });
});
