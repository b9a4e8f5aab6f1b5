// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportExportCard, importSummary, type ArchivePreview } from './ImportExportCard';

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

/** The server: answers the preview, then the import, recording each call. */
function fakeServer(previewAnswer: Response = Response.json(PREVIEW)) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, body: init.body });
    if (url.endsWith('/preview')) return previewAnswer;
    return Response.json({ added: 1, replaced: 1, skipped: 1, overLimit: 0, withoutPhoto: 0, etag: '"2"' });
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

  it('previews a file, asks about each duplicate and what fits the plan, then imports with the choices', async () => {
    const calls = fakeServer();
    render(<ImportExportCard />);
    const file = chooseFile();
    expect(await screen.findByText('Paprika')).toBeTruthy();
    expect(screen.getByText(/3 recipes, 2 with photos\. 2 recipes already in your recipes\./)).toBeTruthy();
    expect(calls[0]).toEqual({ url: '/api/recipe-archives/preview', body: file });
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
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Imported 1 recipe, replaced 1, skipped 1 duplicate. New recipes are in the Test Kitchen; those rated 4 or 5 are in the Cookbook.',
    );
    expect(calls[1]).toEqual({ url: '/api/recipe-archives/import?keep=1&replace=2', body: file });
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
  });

  it('sums up what an import did', () => {
    expect(importSummary({ added: 0, replaced: 0, skipped: 0, overLimit: 2, withoutPhoto: 1 })).toBe(
      'Imported 0 recipes. 2 recipes did not fit your plan and were left out. 1 photo could not be read; its recipe is imported without.',
    );
  });
});
