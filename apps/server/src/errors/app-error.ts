/**
 * Errors are data: every failure the API reports has a stable code from this one table, with its
 * HTTP status and its message. Clients branch on `code`; the message is shown to people as is.
 * `{name}` placeholders are filled from the error's params; `{name:noun}` writes the number with the
 * noun, plural unless it is 1 ('1 grocery store', '10 grocery stores').
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, message: 'The request is invalid' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type {type}' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Try again in a minute.' },

  // Authentication (docs/BEHAVIOUR.md §8).
  UNAUTHENTICATED: { status: 401, message: 'Please sign in' },
  EMAIL_IN_USE: { status: 400, message: 'Email is already in use' },
  INVALID_CREDENTIALS: { status: 403, message: 'Email or password is invalid' },
  PASSWORD_INVALID: { status: 403, message: 'Password is invalid' },
  OTP_INVALID: { status: 400, message: 'This link is invalid, expired or already used' },
  EXTENSION_TOKEN_INVALID: { status: 401, message: 'The extension token is invalid or revoked' },
  MAIL_FAILED: { status: 502, message: 'The email could not be sent. Try again later.' },

  // Documents and sync.
  FORBIDDEN: { status: 403, message: 'You do not have access to this' },
  NOT_APPROVED: { status: 403, message: 'You can see this once they approve you as a follower' },
  PRECONDITION_REQUIRED: {
    status: 428,
    message: 'Send the ETag you based this change on in an If-Match header',
  },
  VERSION_CONFLICT: { status: 409, message: 'The document was changed in the meantime' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for another document',
  },
  PLAN_LIMIT_RECIPES: { status: 403, message: 'Your plan allows up to {limit:recipe}' },
  PLAN_LIMIT_STORES: { status: 403, message: 'Your plan allows up to {limit:grocery store}' },
  PLAN_LIMIT_USERS: { status: 403, message: 'Your plan allows up to {limit:user} per account' },

  // Following.
  FOLLOW_USER_NOT_FOUND: { status: 404, message: 'There is no user with this email' },
  FOLLOW_SELF: { status: 400, message: 'You cannot follow yourself' },
  FOLLOW_ALREADY: { status: 400, message: 'You are already following this user' },
  FOLLOW_NOT_FOUND: { status: 404, message: 'This follow request no longer exists' },

  // Co-planners.
  COPLANNER_SELF: { status: 400, message: 'You cannot invite yourself' },
  COPLANNER_ALREADY: { status: 400, message: 'This user is already a co-planner of your account' },
  COPLANNER_ALREADY_INVITED: { status: 400, message: 'This user was already invited' },
  COPLANNER_NOT_FOUND: { status: 404, message: 'There is no such co-planner' },
  COPLANNER_REMOVE_OWNER: { status: 403, message: 'The owner cannot be removed from the account' },
  INVITATION_NOT_FOUND: { status: 404, message: 'This invitation no longer exists' },
  INVITATION_NOT_FOR_YOU: {
    status: 403,
    message: 'This invitation is not for you. Please login with the correct account',
  },
  INVITATION_HAS_COPLANNERS: {
    status: 400,
    message: 'Remove the co-planners of your own account before joining another one',
  },

  // Avatars.
  AVATAR_NOT_IMAGE: { status: 400, message: 'The file is not an image' },
  AVATAR_TOO_LARGE: { status: 413, message: 'The image must be at most 5 MB' },
  PHOTO_NOT_IMAGE: {
    status: 400,
    message: 'This file is not a photo Mealplan can read (JPEG, PNG, WebP, HEIC…)',
  },
  PHOTO_TOO_LARGE: { status: 413, message: 'The photo must be at most 15 MB' },

  // Recipe import from a link or pasted page.
  IMPORT_URL_INVALID: { status: 400, message: 'Enter a web address, like https://example.com/recipe' },
  IMPORT_URL_NOT_HTTP: { status: 400, message: 'Only http:// and https:// links can be imported' },
  IMPORT_ADDRESS_NOT_ALLOWED: {
    status: 400,
    message: 'This link points to a private or local network address, which Mealplan does not import from',
  },
  IMPORT_TIMEOUT: {
    status: 504,
    message: "The site took too long to answer. Try again, or paste the page's HTML or text instead.",
  },
  IMPORT_TOO_LARGE: { status: 502, message: 'The page is larger than {limit} MB' },
  IMPORT_NOT_HTML: { status: 422, message: 'This link is not a web page ({type})' },
  IMPORT_HTTP_ERROR: {
    status: 502,
    message: "The site answered with error {status}. Paste the page's HTML or text instead.",
  },
  IMPORT_TOO_MANY_REDIRECTS: { status: 502, message: 'The link redirects too many times' },
  IMPORT_UNREACHABLE: { status: 502, message: 'The site could not be reached: {cause}' },
  IMPORT_NO_RECIPE: {
    status: 422,
    message: "No recipe was found on this page. Paste the page's HTML or text instead.",
  },
  IMPORT_NO_RECIPE_IN_TEXT: {
    status: 422,
    message:
      'No recipe was found in what you pasted. Include the Ingredients and Instructions (or Method) headings.',
  },

  // Recipe archives from other apps (docs/BEHAVIOUR.md "Import & export").
  ARCHIVE_EMPTY: { status: 400, message: 'The file is empty. Choose the export file again.' },
  ARCHIVE_UNKNOWN_FORMAT: {
    status: 400,
    message:
      'This file is not a recipe export Mealplan can read. Choose a Paprika, Mealie, Tandoor, RecipeSage or schema.org JSON-LD export.',
  },
  ARCHIVE_NO_RECIPES: { status: 400, message: 'No recipe was found in this file' },
  ARCHIVE_DAMAGED: { status: 400, message: 'The file is damaged and cannot be unpacked ({cause})' },
  ARCHIVE_UNPACKED_TOO_LARGE: { status: 400, message: 'The file unpacks to more than {limit} MB' },
  ARCHIVE_TOO_MANY_FILES: { status: 400, message: 'The file holds more than {limit} files' },
  ARCHIVE_UNSAFE_NAME: {
    status: 400,
    message: 'The file holds a path that points outside it ({name}), so it was not read',
  },
  ARCHIVE_TOO_LARGE: { status: 413, message: 'The file must be at most 100 MB' },
  ARCHIVE_IMPORT_RUNNING: {
    status: 409,
    message: 'An import is already running for this account. Try again when it has finished.',
  },
  // The error of a failed import job (GET /api/recipe-archives/jobs/current), never an answer's.
  ARCHIVE_IMPORT_INTERRUPTED: {
    status: 503,
    message:
      'The import stopped when the server restarted, after {processed} of {total} recipes. What it imported is in your recipes; choose the file again to import the rest (those already here are skipped as duplicates).',
  },
  ARCHIVE_IMPORT_FAILED: {
    status: 500,
    message:
      'The import stopped on an error, after {processed} of {total} recipes. What it imported is in your recipes; choose the file again to import the rest (those already here are skipped as duplicates).',
  },
} as const satisfies Record<string, { status: number; message: string }>;

/** Every error code the API can answer with. */
export type ErrorCode = keyof typeof ERRORS;

/** The JSON body of every error response. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** For BAD_REQUEST: each problem with the path of the offending field. */
  issues?: { path: string; message: string }[];
}

/** Details an AppError may carry besides its code. */
export interface AppErrorOptions {
  /** Values for the message's `{name}` placeholders. */
  params?: Record<string, string | number>;
  /** Replaces the table's message (validation errors say which field is wrong). */
  message?: string;
  issues?: { path: string; message: string }[];
  /** Response headers, e.g. the current ETag with a 409. */
  headers?: Record<string, string>;
}

/** A failure with a stable code; thrown by services and routes, rendered by the error handler. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly issues: { path: string; message: string }[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.message ?? fill(ERRORS[code].message, options.params ?? {}));
    this.statusCode = ERRORS[code].status;
    this.issues = options.issues;
    this.headers = options.headers ?? {};
  }

  /** The response body. */
  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)(?::([^}]+))?\}/g, (whole, name: string, noun?: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    if (!noun) return String(value);
    return `${value} ${noun}${Number(value) === 1 ? '' : 's'}`;
  });
}
