import type { z } from 'zod';
import { AppError } from './app-error.js';

// Zod's own messages ("Invalid input: expected string") do not name the field, so those get the
// field's path in front; the schemas' own messages (docs/BEHAVIOUR.md §5: 'Email is required') stand alone.
const GENERIC_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

/** The dotted path of a zod issue (`recipes.r1.name`), or '' for the whole body. */
function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Turns a zod error into a BAD_REQUEST whose message names the first problem. */
export function validationError(error: z.ZodError, prefix = ''): AppError {
  const issues = error.issues.map((issue) => {
    const path = [prefix, issuePath(issue.path)].filter(Boolean).join('.');
    // A field left out: say which, and that it is required (zod says 'expected string, received undefined').
    const missing = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
    const message = !path
      ? issue.message
      : missing
        ? `${path} is required`
        : GENERIC_MESSAGE.test(issue.message)
          ? `${path}: ${issue.message}`
          : issue.message;
    return { path, message };
  });
  const first = issues[0]?.message ?? 'The request is invalid';
  return new AppError('BAD_REQUEST', { message: first, issues });
}

/** Parses `value` with `schema`, or throws a 400 BAD_REQUEST naming the first problem. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value === undefined ? {} : value);
  if (!result.success) throw validationError(result.error, prefix);
  return result.data;
}
