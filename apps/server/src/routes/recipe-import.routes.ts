import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionOf } from '../http/auth.js';
import { routeSchema, validated } from '../http/route-schema.js';
import { RecipeImportService } from '../services/recipe-import.service.js';

/** Pasted pages up to 5 MiB, like fetched ones; JSON escaping needs room on top. */
const MAX_CONTENT = 5 * 1024 * 1024;
const BODY_LIMIT = 8 * 1024 * 1024;
/** Imports per user and minute: each one may make the server fetch a page. */
const IMPORTS_PER_MINUTE = 30;

/** Body of POST /api/recipe-imports: a link to fetch, or the page's HTML or text as pasted. */
export const RecipeImportInputSchema = z
  .strictObject({
    url: z.string().max(2048, 'The link is too long').optional(),
    content: z.string().max(MAX_CONTENT, 'The pasted page is larger than 5 MB').optional(),
  })
  .refine((body) => Boolean(body.url?.trim() || body.content?.trim()), {
    message: "Enter a link, or paste the page's HTML or text",
  });

/** The recipe read from the page, as the New Recipe form takes it (for the OpenAPI document). */
const ImportedRecipeSchema = z.object({
  name: z.string(),
  ingredients: z.array(z.string()),
  instructions: z.string(),
  servings: z.number().nullable(),
  prepTime: z.number().nullable(),
  cookTime: z.number().nullable(),
  totalTime: z.number().nullable(),
  image: z.string().nullable(),
  url: z.string().nullable(),
  /** What the page says the recipe is (its category, cuisine, keywords); the form picks a meal type from it. */
  categories: z.array(z.string()),
  photoId: z.string().nullable(),
});

/**
 * POST /api/recipe-imports: reads a recipe from a link (fetched by the server under the guards of
 * security/safe-fetch.ts) or from pasted HTML or text, and answers the fields for the user to
 * review. The page's image, when it has one, is fetched by the server under the same guards and
 * stored as a photo of the account (`photoId`), which the saved recipe then names; nothing else is
 * stored.
 */
export async function recipeImportRoutes(app: FastifyInstance): Promise<void> {
  const imports = new RecipeImportService(app.deps.config);
  const { photos } = app.services;
  app.post(
    '/api/recipe-imports',
    {
      bodyLimit: BODY_LIMIT,
      config: {
        rateLimit: {
          max: IMPORTS_PER_MINUTE,
          timeWindow: 60_000,
          // After authentication, so the limit is per user rather than per address.
          hook: 'preHandler',
          keyGenerator: (request) => `recipe-import:${request.auth?.user.id ?? request.ip}`,
        },
      },
      schema: routeSchema({
        summary: "Read a recipe from a link, or from the page's pasted HTML or text, for review",
        tags: ['recipes'],
        body: RecipeImportInputSchema,
        response: {
          200: ImportedRecipeSchema,
          400: 'IMPORT_URL_INVALID, IMPORT_URL_NOT_HTTP, IMPORT_ADDRESS_NOT_ALLOWED or validation',
          422: 'IMPORT_NO_RECIPE, IMPORT_NOT_HTML',
          429: 'RATE_LIMITED',
          502: 'IMPORT_HTTP_ERROR, IMPORT_UNREACHABLE, IMPORT_TOO_LARGE, IMPORT_TOO_MANY_REDIRECTS',
          504: 'IMPORT_TIMEOUT',
        },
      }),
    },
    async (request) => {
      const { user } = sessionOf(request);
      const body = validated(RecipeImportInputSchema, request.body);
      const recipe = body.content?.trim()
        ? await imports.fromContent(body.content, body.url)
        : await imports.fromUrl(body.url ?? '');
      const photoId = await photos.fromUrl(user, recipe.image);
      return { ...recipe, photoId: photoId ?? null };
    },
  );
}
