import { describe, expect, it } from 'vitest';
import { LOG_BATCH_SIZE, LOG_FLUSH_CAP, LOG_FLUSH_MS } from '../constants.js';
import { createClientLogger, toLogEntry, type ClientLogPayload, type LogThreshold } from './client-logger.js';
import { ManualScheduler, flushMicrotasks } from './testing.test-helpers.js';

function setup(level?: LogThreshold, send?: (payload: ClientLogPayload) => Promise<unknown> | void) {
  const scheduler = new ManualScheduler();
  const sent: ClientLogPayload[] = [];
  const logger = createClientLogger({
    correlationId: 'page-1',
    scheduler,
    level,
    send: send ?? ((payload) => void sent.push(payload)),
  });
  return { scheduler, sent, logger };
}

describe('createClientLogger', () => {
  it('sends warn and error by default, LOG_FLUSH_MS after the first entry, as one batch', () => {
    const { scheduler, sent, logger } = setup();
    logger.debug('debug detail');
    logger.info('info detail');
    logger.warn('slow answer');
    scheduler.advance(1_000);
    logger.error('sync failed', new Error('boom'));
    scheduler.advance(LOG_FLUSH_MS - 1_001);
    expect(sent).toEqual([]);
    scheduler.advance(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.correlationId).toBe('page-1');
    expect(sent[0]?.logs.map((l) => [l.level, l.message, l._message])).toEqual([
      ['warn', 'slow answer', undefined],
      ['error', 'sync failed', 'boom'],
    ]);
  });

  it('flushes at once when a batch is full', () => {
    const { sent, logger, scheduler } = setup();
    for (let i = 0; i < LOG_BATCH_SIZE + 1; i++) logger.warn(`message ${i}`);
    expect(sent.map((p) => p.logs.length)).toEqual([LOG_BATCH_SIZE]);
    scheduler.advance(LOG_FLUSH_MS);
    expect(sent.map((p) => p.logs.length)).toEqual([LOG_BATCH_SIZE, 1]);
  });

  it('drops a message it has already logged', () => {
    const { sent, logger, scheduler } = setup();
    logger.error('max attempts reached');
    logger.error('max attempts reached');
    scheduler.advance(LOG_FLUSH_MS);
    logger.error('max attempts reached');
    scheduler.advance(LOG_FLUSH_MS);
    expect(sent.flatMap((p) => p.logs)).toHaveLength(1);
  });

  it('stops after LOG_FLUSH_CAP requests', () => {
    const { sent, logger, scheduler } = setup();
    for (let i = 0; i < (LOG_FLUSH_CAP + 3) * LOG_BATCH_SIZE; i++) logger.error(`error ${i}`);
    logger.flush();
    scheduler.advance(LOG_FLUSH_MS);
    expect(sent).toHaveLength(LOG_FLUSH_CAP);
    expect(scheduler.pendingTimers).toBe(0);
  });

  it('takes its level from the Log-Level header', () => {
    const { sent, logger } = setup();
    logger.setLevelFromHeader('DEBUG');
    expect(logger.level).toBe('debug');
    logger.setLevelFromHeader('nonsense');
    logger.setLevelFromHeader(null);
    expect(logger.level).toBe('debug');
    logger.debug('now visible');
    logger.setLevelFromHeader('fatal');
    logger.warn('now hidden');
    logger.setLevelFromHeader('silent');
    logger.error('also hidden');
    logger.flush();
    expect(sent.flatMap((p) => p.logs.map((l) => l.message))).toEqual(['now visible']);
  });

  it('sends what is buffered on flush, and swallows a failing sender', async () => {
    const attempts: number[] = [];
    const { logger, scheduler } = setup(undefined, (payload) => {
      attempts.push(payload.logs.length);
      return Promise.reject(new Error('offline'));
    });
    logger.warn('one');
    logger.flush();
    expect(scheduler.pendingTimers).toBe(0);
    logger.flush(); // nothing buffered: no request
    await flushMicrotasks();
    expect(attempts).toEqual([1]);
  });
});

describe('toLogEntry', () => {
  it('carries the error message, its cause and stack', () => {
    const error = new Error('PATCH answered 500', { cause: new Error('database locked') });
    const entry = toLogEntry('error', 'max attempts reached', error);
    expect(entry).toMatchObject({
      level: 'error',
      message: 'max attempts reached',
      _message: 'PATCH answered 500',
      cause: 'database locked',
    });
    expect(entry.stack).toContain('PATCH answered 500');
  });

  it('turns other attached values into text', () => {
    expect(toLogEntry('warn', 'odd', { status: 418 })._message).toBe('{"status":418}');
    expect(toLogEntry('warn', 'plain')).toEqual({ level: 'warn', message: 'plain' });
  });
});
