import fs from 'node:fs';
import path from 'node:path';

/**
 * The URL paths ('/assets/index-abc.js') of every file in the built web app, dotfiles left out:
 * the files the server answers from the build. Listed once at start, so the build is served as it
 * was when the server started, whatever is added to the directory later.
 */
export function listWebFiles(webDist: string): Set<string> {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(webDist, { recursive: true, encoding: 'utf8' })) {
    const parts = entry.split(path.sep);
    if (parts.some((part) => part.startsWith('.'))) continue;
    // statSync follows symbolic links, as serving the file does.
    if (fs.statSync(path.join(webDist, entry), { throwIfNoEntry: false })?.isFile())
      files.add(`/${parts.join('/')}`);
  }
  return files;
}
