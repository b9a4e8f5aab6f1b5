import type { Logger } from './deps.js';

/** One entry a browser sends (docs/BEHAVIOUR.md §7 "Client logging"). */
export interface ClientLogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  _message?: string | undefined;
  cause?: string | undefined;
  stack?: string | undefined;
}

const MAX_TEXT = 2_000;

function clip(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** Writes browsers' warnings and errors into the server log, clipped, tagged with who sent them. */
export class ClientLogService {
  constructor(private readonly log: Logger) {}

  /** Logs a batch. */
  write(batch: { correlationId: string; logs: ClientLogEntry[] }, userId: string | undefined): void {
    for (const entry of batch.logs) {
      const fields = {
        clientLog: true,
        correlationId: batch.correlationId,
        userId,
        level: entry.level,
        detail: clip(entry._message),
        cause: clip(entry.cause),
        stack: clip(entry.stack),
      };
      const message = `client: ${clip(entry.message) ?? ''}`;
      if (entry.level === 'error') this.log.error(fields, message);
      else if (entry.level === 'warn') this.log.warn(fields, message);
      else this.log.info(fields, message);
    }
  }
}
