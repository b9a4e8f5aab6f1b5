import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { sessionOf } from '../http/auth.js';
import { sendError, toAppError } from '../http/errors.js';
import { routeSchema, validated } from '../http/route-schema.js';
import { ARCHIVE_UPLOAD_MAX_BYTES, type DuplicateChoice } from '../services/recipe-archive.service.js';

/** Previews and imports per user and minute: each one unpacks up to 200 MiB. */
const ARCHIVES_PER_MINUTE = 10;

/** Recipe numbers (their `index` in the preview), comma-separated: '0,3,7'. */
const Indexes = z
  .string()
  .max(60_000)
  .regex(/^\d{1,5}(,\d{1,5})*$/, 'A list of recipe numbers, like 0,3,7')
  .optional();

/** What to do with each duplicate the preview named; a duplicate named in neither list is skipped. */
export const ArchiveImportQuerySchema = z.strictObject({ keep: Indexes, replace: Indexes });

const PreviewSchema = z.object({
  format: z.enum(['paprika', 'mealie', 'tandoor', 'json-ld']),
  recipes: z.array(
    z.object({
      index: z.number(),
      name: z.string(),
      source: z.string().nullable(),
      ingredients: z.number(),
      hasPhoto: z.boolean(),
      unread: z.array(z.string()),
      duplicateOf: z.object({ id: z.string(), name: z.string() }).nullable(),
    }),
  ),
  duplicates: z.number(),
  plan: z.object({ limit: z.number().nullable(), recipes: z.number(), fits: z.number().nullable() }),
});

const ImportJobSchema = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  format: z.enum(['paprika', 'mealie', 'tandoor', 'json-ld']),
  total: z.number(),
  processed: z.number(),
  added: z.number(),
  replaced: z.number(),
  skipped: z.number(),
  overLimit: z.number(),
  withoutPhoto: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

const FILE_ERRORS =
  'ARCHIVE_EMPTY, ARCHIVE_UNKNOWN_FORMAT, ARCHIVE_NO_RECIPES, ARCHIVE_DAMAGED, ARCHIVE_UNPACKED_TOO_LARGE, ARCHIVE_TOO_MANY_FILES, ARCHIVE_UNSAFE_NAME';

function choicesOf(query: z.infer<typeof ArchiveImportQuerySchema>): Map<number, DuplicateChoice> {
  const choices = new Map<number, DuplicateChoice>();
  for (const choice of ['keep', 'replace'] as const) {
    for (const index of query[choice]?.split(',') ?? []) choices.set(Number(index), choice);
  }
  return choices;
}

/** The uploaded file; an empty body is an empty file. */
const fileOf = (body: unknown): Uint8Array => (Buffer.isBuffer(body) ? body : new Uint8Array());

/**
 * Recipe archives (docs/API.md "Recipe archives"): another app's export previewed, then imported
 * into the recipes document by a job the page follows; the account's recipes exported as a JSON-LD
 * zip, and the whole account as the CLI's backup file. The file comes as
 * an octet-stream, read as it arrives and cut off past 100 MB (413 ARCHIVE_TOO_LARGE).
 */
export async function recipeArchiveRoutes(app: FastifyInstance): Promise<void> {
  const { archives, transfer } = app.services;
  const tags = ['recipes'];
  const rateLimit = {
    max: ARCHIVES_PER_MINUTE,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: { auth?: { user: { id: string } } | null; ip: string }) =>
      `recipe-archive:${request.auth?.user.id ?? request.ip}`,
  };

  // Here a JSON file is a file to read, not a request body: its own parser, in this plugin only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    /^(application\/(octet-stream|zip|x-zip-compressed|gzip|json|ld\+json))$/,
    { parseAs: 'buffer', bodyLimit: ARCHIVE_UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error, request, reply) => {
    const mapped = toAppError(error);
    return sendError(
      mapped.code === 'PAYLOAD_TOO_LARGE' ? new AppError('ARCHIVE_TOO_LARGE') : mapped,
      request,
      reply,
    );
  });

  app.post(
    '/api/recipe-archives/preview',
    {
      bodyLimit: ARCHIVE_UPLOAD_MAX_BYTES,
      config: { rateLimit },
      schema: routeSchema({
        summary:
          "Read another app's recipe export (the file as octet-stream) and say what an import would do",
        tags,
        consumes: ['application/octet-stream'],
        response: { 200: PreviewSchema, 400: FILE_ERRORS, 413: 'ARCHIVE_TOO_LARGE', 429: 'RATE_LIMITED' },
      }),
    },
    async (request) => {
      const { user } = sessionOf(request);
      return archives.preview(user, fileOf(request.body));
    },
  );

  app.post(
    '/api/recipe-archives/import',
    {
      bodyLimit: ARCHIVE_UPLOAD_MAX_BYTES,
      config: { rateLimit },
      schema: routeSchema({
        summary:
          "Start importing another app's recipe export into the recipes document; answers with the job",
        tags,
        consumes: ['application/octet-stream'],
        querystring: ArchiveImportQuerySchema,
        response: {
          202: ImportJobSchema,
          400: FILE_ERRORS,
          409: 'ARCHIVE_IMPORT_RUNNING',
          413: 'ARCHIVE_TOO_LARGE',
          429: 'RATE_LIMITED',
        },
      }),
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const query = validated(ArchiveImportQuerySchema, request.query);
      return reply.code(202).send(await archives.startImport(user, fileOf(request.body), choicesOf(query)));
    },
  );

  // Polled by the page while an import runs, and read again after a reload.
  app.get(
    '/api/recipe-archives/jobs/current',
    {
      schema: routeSchema({
        summary: "The account's latest import with its progress or outcome (null: none yet)",
        tags,
        response: { 200: z.object({ job: ImportJobSchema.nullable() }) },
      }),
    },
    async (request) => {
      const { user } = sessionOf(request);
      return { job: await archives.currentJob(user) };
    },
  );

  app.get(
    '/api/recipe-archives/account-backup.json',
    {
      config: { rateLimit },
      schema: routeSchema({
        summary:
          "The whole account (recipes, agenda, notes, groceries, photos) in the format of the CLI's mealplan export",
        tags,
        response: { 200: 'application/json', 429: 'RATE_LIMITED' },
      }),
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const backup = await transfer.exportAccount(user.email);
      return reply
        .type('application/json')
        .header('Content-Disposition', 'attachment; filename="mealplan-account.json"')
        .header('Cache-Control', 'no-store')
        .send(`${JSON.stringify(backup, null, 2)}\n`);
    },
  );

  app.get(
    '/api/recipe-archives/export.jsonld.zip',
    {
      config: { rateLimit },
      schema: routeSchema({
        summary: "The account's recipes as schema.org JSON-LD (recipes.json) with their photos, zipped",
        tags,
        response: { 200: 'application/zip', 429: 'RATE_LIMITED' },
      }),
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const zip = await archives.exportJsonLd(user);
      return reply
        .type('application/zip')
        .header('Content-Disposition', 'attachment; filename="mealplan-recipes.jsonld.zip"')
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );
}
