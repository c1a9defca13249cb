/**
 * The error format (docs/product.md, Errors): every non-2xx answer is JSON
 * `{ message }`, a validation 400 adds `errors: [{ field, message }]`, and a
 * 5xx never carries a stack trace (it is logged instead).
 */
import { STATUS_CODES } from 'node:http';
import { API_TEXTS, fieldErrors } from '@roomnest/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stores nothing and takes any text, NUL characters and unpaired surrogates included (see `unstorableTextPath`). */
    acceptsAnyText?: boolean;
  }
}

/** An expected failure with its status and the sentence the user sees. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** Input that fails its zod schema; keeps the zod error so the answer lists each field. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  readonly zodError: z.ZodError;

  constructor(zodError: z.ZodError) {
    super(API_TEXTS.validationFailed);
    this.zodError = zodError;
  }
}

/**
 * Validates body, query and params with the route's zod schema (as
 * fastify-type-provider-zod does) but keeps the ZodError, so that the shared
 * `fieldErrors` builds the `errors` list with the schemas' own messages.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error) };
  };

export const BODY_NOT_OBJECT = 'The request body must be a JSON object.';

/** The body of a validation 400: the first field's own message on top, so a screen can show it as it is. */
export function validationBody(error: z.ZodError): { message: string; errors: { field: string; message: string }[] } {
  // A body that is not an object at all (null, an array, a number) gets one plain sentence instead of zod's.
  const notAnObject = error.issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type');
  const errors = notAnObject ? [{ field: '_', message: BODY_NOT_OBJECT }] : fieldErrors(error);
  return { message: errors[0]?.message ?? API_TEXTS.validationFailed, errors };
}

/** The answer to text that cannot be stored as it was sent (see `unstorableTextPath`). */
export const UNSTORABLE_TEXT = (field: string) => `${field} contains a character that is not allowed.`;

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where `value` (a parsed body, query or form) holds text that no text column can hold as it was sent: a NUL
 * character (PostgreSQL refuses it, which was a 500) or an unpaired surrogate (stored as U+FFFD, silently changed).
 * Answers the path of the first such string, or null.
 */
export function unstorableTextPath(value: unknown): (string | number)[] | null {
  // A loop, not recursion: a body nested 100,000 deep (a 1 MB JSON body can be) must not overflow the stack.
  // Each entry links to its parent, so the path is built only for the string found.
  interface Entry {
    value: unknown;
    key?: string | number;
    parent?: Entry;
  }
  const pending: Entry[] = [{ value }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const item = entry.value;
    if (typeof item === 'string') {
      if (!item.includes('\u0000') && !UNPAIRED_SURROGATE.test(item)) continue;
      const path: (string | number)[] = [];
      for (let at: Entry | undefined = entry; at?.key !== undefined; at = at.parent) path.unshift(at.key);
      return path;
    }
    if (typeof item !== 'object' || item === null || item instanceof Date || Buffer.isBuffer(item)) continue;
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      pending.push({ value: child, key: Array.isArray(item) ? Number(key) : key, parent: entry });
    }
  }
  return null;
}

/** The validation 400 for text at `path` that cannot be stored. */
export function unstorableTextError(path: (string | number)[]): RequestValidationError {
  const joined = path.length ? path.map(String).join('.') : '_';
  // A path can be as long as the body is deep: the answer names at most 100 characters of it.
  const field = joined.length > 100 ? `${joined.slice(0, 100)}…` : joined;
  return new RequestValidationError(new z.ZodError([{ code: 'custom', path, message: UNSTORABLE_TEXT(field), input: undefined }]));
}

/** Fastify's own 4xx errors, answered with the contract's sentences. */
const FASTIFY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: API_TEXTS.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: API_TEXTS.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: API_TEXTS.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: API_TEXTS.unsupportedMediaType },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, message: API_TEXTS.unsupportedMediaType },
};

const STATUS_TEXTS: Record<number, string> = {
  400: API_TEXTS.validationFailed,
  401: API_TEXTS.unauthenticated,
  403: API_TEXTS.forbidden,
  404: API_TEXTS.notFound,
  413: API_TEXTS.bodyTooLarge,
  415: API_TEXTS.unsupportedMediaType,
  429: API_TEXTS.tooManyRequests,
};

function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

export const URL_TEXTS = {
  /** FST_ERR_BAD_URL: the path has a broken percent-encoding (`%zz`, a cut `%E0%A4`). */
  badUrl: 'The address is not valid: it has a broken %-encoding.',
  /** FST_ERR_MAX_PARAM_LENGTH: a path parameter over the router's maxParamLength (100 characters). */
  tooLong: 'A part of the address is too long.',
} as const;

/**
 * For Fastify's `frameworkErrors` option. The router answers a URL it cannot take before any hook or error
 * handler runs, in Fastify's own format (`{ error, code, message, statusCode }`, echoing the path), unless
 * `Fastify({ frameworkErrors })` is given this: then it is the API's `{ message }`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const json = (status: number, message: string) => reply.code(status).type('application/json; charset=utf-8').send({ message });
  if (error.code === 'FST_ERR_BAD_URL') return json(400, URL_TEXTS.badUrl);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return json(414, URL_TEXTS.tooLong);
  const status = statusOf(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed in the router');
  return json(status, status >= 500 ? API_TEXTS.internal : (STATUS_TEXTS[status] ?? STATUS_CODES[status] ?? API_TEXTS.validationFailed));
}

/** The JSON 404 of an unknown route (the web plugin answers unknown pages with the shell first). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? request.url;
  const message = path === '/api' || path.startsWith('/api/') ? API_TEXTS.routeNotFound(request.method, path) : API_TEXTS.notFound;
  return reply.code(404).type('application/json; charset=utf-8').send({ message });
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  // After validation, so it sees what the handler will (unknown query parameters dropped); multipart forms are
  // read by their handlers and checked by readMultipartForm.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.acceptsAnyText) return;
    const path = unstorableTextPath(request.body) ?? unstorableTextPath(request.query);
    if (path) throw unstorableTextError(path);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.code(400).send(validationBody(error.zodError));
    }
    if (error instanceof HttpError) {
      // A 5xx of our own (a storage that cannot be reached) says why to the person; the log keeps what failed.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.code(error.statusCode).send({ message: error.message });
    }
    // The JSON parser rejects a bad body with a bare SyntaxError and status 400.
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.code(400).send({ message: API_TEXTS.malformedJson });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) {
      return reply.code(known.status).send({ message: known.message });
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: API_TEXTS.internal });
    }
    // Other client errors raised by Fastify itself carry a safe sentence of their own.
    const message = error.code?.startsWith('FST_') && error.message ? error.message : (STATUS_TEXTS[status] ?? STATUS_CODES[status] ?? API_TEXTS.validationFailed);
    return reply.code(status).send({ message });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
