/**
 * Infrastructure, not a feature (hence beside db/ and plugins/): the listings and users forms read their bodies through it.
 *
 * Multipart forms with one image (profile pictures) or up to MAX_PHOTOS
 * photos (listings). `registerMultipart` enables multipart/form-data in the
 * plugin that calls it, and only there (other routes keep answering 415 to it);
 * `readMultipartForm` reads one request into its text fields and its image,
 * `readPhotoForm` into its text fields and its photos, each handed to the
 * caller as it arrives (encoded there, so only one photo's raw bytes are held
 * at a time); both turn every parser failure into a 4xx with a plain sentence.
 *
 *   await registerMultipart(app);
 *   app.post('/', async (request) => {
 *     const { fields, file } = await readMultipartForm(request, { fileField: 'roomImage' });
 *   });
 *
 * The whole body is bounded (MULTIPART_BODY_LIMIT), not only its parts: a
 * declared Content-Length over it is answered 413 before any of it is read,
 * and a body without one (chunked) is stopped as soon as it passes it, or as
 * soon as its image passes IMAGE_MAX_BYTES. Before, the parser went on
 * discarding an oversized image to its end: a request declaring 10 GiB was read
 * for as long as the client sent. A refused body is no longer read: the answer
 * goes out with `Connection: close` (plugins/security.ts) and the connection
 * ends with it.
 */
import multipart from '@fastify/multipart';
import { fileDisplayName, IMAGE_MAX_BYTES, MAX_PHOTOS, PHOTO_MAX_BYTES, UPLOAD_TEXTS } from '@roomnest/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { HttpError, unstorableTextError, unstorableTextPath } from '../plugins/errors.ts';

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

/**
 * The largest multipart body read: one image at its limit and room to spare for the form's text (a listing form
 * with a 5,000-character description is under 30 KB). Over it, 413 with the image sentence: that is what makes a
 * form this big.
 */
export const MULTIPART_BODY_LIMIT = IMAGE_MAX_BYTES + 512 * 1024;

/** The largest photo form read: MAX_PHOTOS photos at their limit, and the listing form's text. */
export const PHOTO_BODY_LIMIT = MAX_PHOTOS * PHOTO_MAX_BYTES + 512 * 1024;

const tooLarge = () => new HttpError(413, UPLOAD_TEXTS.imageTooLarge);

/** Registers @fastify/multipart in `app`'s own context (call it inside an encapsulated feature plugin). */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
}

/**
 * Watches the bytes of `request` as the parser reads them: past MULTIPART_BODY_LIMIT, or when `stop` is called
 * (an image past its limit), it stops the reading where it is and settles `refused` with the 413.
 */
function bodyGuard(request: FastifyRequest, limit: number, overLimit: () => HttpError) {
  const raw: Readable = request.raw;
  let read = 0;
  /** Refused already, or the form was read (or failed) first: nothing more to stop. */
  let settled = false;
  let refuse!: (error: HttpError) => void;
  const refused = new Promise<never>((_resolve, reject) => (refuse = reject));
  // Awaited in a race that may already be over: never an unhandled rejection.
  refused.catch(() => undefined);
  const stop = (error: HttpError) => {
    if (settled) return;
    settled = true;
    raw.off('data', count);
    // The parser gets nothing more, and nothing more is taken from the socket; the answer closes the connection.
    raw.unpipe();
    raw.pause();
    refuse(error);
  };
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > limit) stop(overLimit());
  };
  raw.on('data', count);
  const done = () => {
    settled = true;
    raw.off('data', count);
  };
  return { refused, stop, done };
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
 * 413 for an image over IMAGE_MAX_BYTES or a body over MULTIPART_BODY_LIMIT, 400 for a second file, a file under
 * another field name, a truncated field, too many fields, a field with a NUL
 * character (the validation format, naming the field) or a malformed body.
 * An empty file part (a browser form with no file chosen) counts as no file.
 */
export async function readMultipartForm(request: FastifyRequest, { fileField }: { fileField: string }): Promise<MultipartForm> {
  let file: UploadedFile | null = null;
  const { fields } = await readForm(request, {
    fileFields: [fileField],
    bodyLimit: MULTIPART_BODY_LIMIT,
    limits: MULTIPART_LIMITS,
    tooLarge,
    onFile: async (uploaded) => {
      file = uploaded;
    },
  });
  return { fields, file };
}

export interface PhotoFormOptions {
  /** The file fields photos may come in, in any order (e.g. roomImage and roomImages); any other is a 400. */
  fileFields: readonly string[];
  /** Photos this request may add (MAX_PHOTOS less the listing's current ones): the next one is a 400 naming it. */
  maxPhotos: number;
  /** Called with each photo as soon as it has arrived, before the next is read; the form waits for it. */
  onPhoto: (file: UploadedFile) => Promise<void>;
  /** The 400 for the photo past `maxPhotos` (by default: a listing holds at most MAX_PHOTOS). */
  tooMany?: (filename: string) => HttpError;
}

/**
 * Reads a multipart/form-data request with photos: the same answers as readMultipartForm, with the photo limits
 * (PHOTO_MAX_BYTES each, PHOTO_BODY_LIMIT in all), and every sentence about one photo naming its file: 413 too
 * large, 400 one past `maxPhotos`. Whatever `onPhoto` throws is the answer (the caller removes what it stored).
 */
export async function readPhotoForm(request: FastifyRequest, { fileFields, maxPhotos, onPhoto, tooMany }: PhotoFormOptions): Promise<{ fields: Record<string, unknown> }> {
  let count = 0;
  return readForm(request, {
    fileFields,
    bodyLimit: PHOTO_BODY_LIMIT,
    // One more file than a listing can hold reaches the loop, which names it; the parser's own limit is a backstop.
    limits: { ...MULTIPART_LIMITS, fileSize: PHOTO_MAX_BYTES, files: MAX_PHOTOS + 1 },
    tooLarge: (filename) => new HttpError(413, filename ? UPLOAD_TEXTS.photoTooLarge(filename) : UPLOAD_TEXTS.photoFormTooLarge),
    onFile: async (file) => {
      if (count >= maxPhotos) throw tooMany ? tooMany(file.filename || 'A photo') : new HttpError(400, UPLOAD_TEXTS.tooManyPhotos(file.filename || 'A photo', MAX_PHOTOS));
      count++;
      await onPhoto(file);
    },
    tooManyFiles: () => new HttpError(400, UPLOAD_TEXTS.tooManyPhotos('A photo', MAX_PHOTOS)),
  });
}

interface FormOptions {
  fileFields: readonly string[];
  bodyLimit: number;
  limits: typeof MULTIPART_LIMITS | { [K in keyof typeof MULTIPART_LIMITS]: number };
  /** The 413 for a file past its limit (named when the file is), or for the body past `bodyLimit` (no name). */
  tooLarge: (filename?: string) => HttpError;
  onFile: (file: UploadedFile) => Promise<void>;
  tooManyFiles?: () => HttpError;
}

async function readForm(request: FastifyRequest, options: FormOptions): Promise<{ fields: Record<string, unknown> }> {
  if (!request.isMultipart()) throw new HttpError(415, UPLOAD_TEXTS.notMultipart);
  // Nothing of the body is read before this point (the route's checks come first: a landlord at the plan's limit is
  // told that, not that the image is too large), and nothing of a body declared too large is read at all.
  if (Number(request.headers['content-length']) > options.bodyLimit) throw options.tooLarge();
  let stop: ((error: HttpError) => void) | null = null;
  // Its first step pipes the request into the parser, synchronously; the guard then watches the same bytes from
  // the same tick (a 'data' listener added before the pipe would set them flowing past the parser).
  const reading = readParts(request, options, (error) => stop?.(error));
  const guard = bodyGuard(request, options.bodyLimit, () => options.tooLarge());
  stop = guard.stop;
  // A refused body is left unread: the parser's own promise then settles only when the connection ends.
  reading.catch(() => undefined);
  try {
    return await Promise.race([reading, guard.refused]);
  } finally {
    guard.done();
  }
}

async function readParts(request: FastifyRequest, options: FormOptions, refuse: (error: HttpError) => void): Promise<{ fields: Record<string, unknown> }> {
  // No prototype: a field named like an Object method must not reach one.
  const fields: Record<string, unknown> = Object.create(null);
  /** The file being read, for the parser's own "too large" (it may come before the 'limit' event's refusal). */
  let current: string | undefined;
  try {
    for await (const part of request.parts({ limits: options.limits })) {
      if (part.type === 'file') {
        current = part.filename;
        if (!options.fileFields.includes(part.fieldname)) throw new HttpError(400, UPLOAD_TEXTS.unexpectedFile(part.fieldname, options.fileFields.join(' or ')));
        // At the file's limit the parser would discard the rest of the part, however long: stop there instead.
        const filename = fileDisplayName(part.filename);
        part.file.once('limit', () => refuse(options.tooLarge(filename)));
        const buffer = await part.toBuffer();
        if (buffer.length > 0 || part.filename) {
          if (buffer.length === 0) throw new HttpError(400, filename && options.fileFields.length > 1 ? UPLOAD_TEXTS.photoUnreadable(filename) : UPLOAD_TEXTS.imageUnreadable);
          await options.onFile({ fieldname: part.fieldname, filename, buffer });
        }
        continue;
      }
      if (part.fieldnameTruncated || part.valueTruncated) throw new HttpError(400, UPLOAD_TEXTS.fieldTooLong(part.fieldname));
      addField(fields, part.fieldname, part.value);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_FILES_LIMIT' && options.tooManyFiles) throw options.tooManyFiles();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw options.tooLarge(current);
    const known = PARSER_ERRORS[code];
    if (known) throw new HttpError(known.status, known.message);
    // Anything else is the body itself: no boundary, a broken part header, a truncated request.
    request.log.debug({ err }, 'malformed multipart body');
    throw new HttpError(400, UPLOAD_TEXTS.malformed);
  }
  // A NUL in a field cannot be stored (PostgreSQL refuses it): a validation 400 like any other bad field.
  const unstorable = unstorableTextPath(fields);
  if (unstorable) throw unstorableTextError(unstorable);
  return { fields: { ...fields } };
}
