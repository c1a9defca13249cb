/**
 * Multipart forms with at most one image (listing photos now, profile pictures
 * later). `registerMultipart` enables multipart/form-data in the plugin that
 * calls it, and only there (other routes keep answering 415 to it);
 * `readMultipartForm` reads one request into its text fields and its image,
 * turning every parser failure into a 4xx with a plain sentence.
 *
 *   await registerMultipart(app);
 *   app.post('/', async (request) => {
 *     const { fields, file } = await readMultipartForm(request, { fileField: 'roomImage' });
 *   });
 */
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES, UPLOAD_TEXTS } from '@roomnest/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, unstorableTextError, unstorableTextPath } from '../../plugins/errors.ts';

/** Parser limits: one image of IMAGE_MAX_BYTES and a form's worth of short text fields. */
export const MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  /** The listing form has 15 fields plus one per amenity. */
  fields: 50,
  parts: 60,
  /** Bytes: a 5,000-character description in any script fits. */
  fieldSize: 32 * 1024,
  fieldNameSize: 100,
  headerPairs: 50,
} as const;

/** Registers @fastify/multipart in `app`'s own context (call it inside an encapsulated feature plugin). */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
}

export interface UploadedFile {
  fieldname: string;
  filename: string;
  buffer: Buffer;
}

export interface MultipartForm {
  /** Text fields by name; a repeated field (Amenities) is an array in the order sent. */
  fields: Record<string, unknown>;
  /** The image, or null when none was chosen. */
  file: UploadedFile | null;
}

/** The parser's own errors, by code, with what the caller is told. */
const PARSER_ERRORS: Record<string, { status: number; message: string }> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: UPLOAD_TEXTS.imageTooLarge },
  FST_FILES_LIMIT: { status: 400, message: UPLOAD_TEXTS.oneImage },
  FST_FIELDS_LIMIT: { status: 400, message: UPLOAD_TEXTS.tooManyFields },
  FST_PARTS_LIMIT: { status: 400, message: UPLOAD_TEXTS.tooManyFields },
};

function addField(fields: Record<string, unknown>, name: string, value: unknown): void {
  const current = fields[name];
  if (current === undefined) fields[name] = value;
  else if (Array.isArray(current)) current.push(value);
  else fields[name] = [current, value];
}

/**
 * Reads a multipart/form-data request: 415 unless the request is multipart,
 * 413 for an image over IMAGE_MAX_BYTES, 400 for a second file, a file under
 * another field name, a truncated field, too many fields, a field with a NUL
 * character (the validation format, naming the field) or a malformed body.
 * An empty file part (a browser form with no file chosen) counts as no file.
 */
export async function readMultipartForm(request: FastifyRequest, { fileField }: { fileField: string }): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, UPLOAD_TEXTS.notMultipart);
  // No prototype: a field named like an Object method must not reach one.
  const fields: Record<string, unknown> = Object.create(null);
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) throw new HttpError(400, UPLOAD_TEXTS.unexpectedFile(part.fieldname, fileField));
        const buffer = await part.toBuffer();
        if (buffer.length > 0 || part.filename) {
          if (buffer.length === 0) throw new HttpError(400, UPLOAD_TEXTS.imageUnreadable);
          file = { fieldname: part.fieldname, filename: part.filename, buffer };
        }
        continue;
      }
      if (part.fieldnameTruncated || part.valueTruncated) throw new HttpError(400, UPLOAD_TEXTS.fieldTooLong(part.fieldname));
      addField(fields, part.fieldname, part.value);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const known = PARSER_ERRORS[(err as { code?: string }).code ?? ''];
    if (known) throw new HttpError(known.status, known.message);
    // Anything else is the body itself: no boundary, a broken part header, a truncated request.
    request.log.debug({ err }, 'malformed multipart body');
    throw new HttpError(400, UPLOAD_TEXTS.malformed);
  }
  // A NUL in a field cannot be stored (PostgreSQL refuses it): a validation 400 like any other bad field.
  const unstorable = unstorableTextPath(fields);
  if (unstorable) throw unstorableTextError(unstorable);
  return { fields: { ...fields }, file };
}
