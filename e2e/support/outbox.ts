import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The mail the server wrote to `$DATA_DIR/outbox/` (no SMTP_URL in tests): every message is an
 * .eml file. This reads the newest one to an address and pulls a link out of it.
 */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run through e2e/playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

/** Undoes quoted-printable (soft line breaks, =XX escapes), which mailers use for long lines. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The decoded text of every mail to `to`, oldest first. */
function mailsTo(to: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, name), 'utf8')))
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(mail));
}

/**
 * Waits for a mail to `to` holding a link whose path starts with `pathPrefix` and returns the
 * link's path and query (relative, so it works with the test's baseURL). `after` skips mails
 * that were already there.
 */
export async function linkFromMail(to: string, pathPrefix: string, after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const mails = mailsTo(to).slice(after);
        for (const mail of mails.reverse()) {
          const match = mail.match(new RegExp(`https?://[^/\\s"<>]+(${pathPrefix}[^\\s"<>]*)`));
          if (match?.[1]) {
            found = match[1].replace(/&amp;/g, '&');
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} with a ${pathPrefix} link`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** How many mails went to `to` so far (to wait for the next one). */
export function mailCount(to: string): number {
  return mailsTo(to).length;
}
