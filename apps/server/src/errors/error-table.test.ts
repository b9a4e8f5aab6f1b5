/**
 * docs/API.md's error table and the server's ERRORS are one table: every code the server can answer
 * with is documented with the same status and message, and the documentation names no code the
 * server does not have. Edit one without the other and this fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERRORS } from './app-error.js';

const apiDoc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/API.md');

function documentedErrors(): Map<string, { status: number; message: string }> {
  const text = fs.readFileSync(apiDoc, 'utf8');
  const section = text.slice(text.indexOf('## Error codes'));
  const rows = new Map<string, { status: number; message: string }>();
  for (const line of section.split('\n')) {
    const match = /^\|\s*`([A-Z_]+)`\s*\|\s*(\d{3})\s*\|\s*(.*?)\s*\|\s*$/.exec(line);
    if (match) rows.set(match[1]!, { status: Number(match[2]), message: match[3]!.replace(/\\\|/g, '|') });
  }
  return rows;
}

describe('the error table', () => {
  it('documents every code with the status and message the server sends, and nothing else', () => {
    const documented = documentedErrors();
    expect(documented.size).toBeGreaterThan(20);
    for (const [code, { status, message }] of Object.entries(ERRORS)) {
      expect(documented.get(code), code).toEqual({ status, message });
    }
    expect([...documented.keys()].filter((code) => !(code in ERRORS))).toEqual([]);
  });
});
