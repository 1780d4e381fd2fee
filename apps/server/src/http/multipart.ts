import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/app-error.js';

export const NOT_MULTIPART = 'Send the file as multipart/form-data, in a part named file.';
export const UPLOAD_BROKEN = 'The upload was cut short or is not well-formed multipart/form-data. Please try again.';

/**
 * The one file of a multipart request (@fastify/multipart, with its limits: one part, no fields, at most `maxBytes`),
 * as a stream the caller consumes. The parser's refusals become the portal's answers: past the size is `tooLarge`
 * (413), anything malformed a 400, never a 500.
 */
export async function oneFile(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: () => AppError,
): Promise<{ fileName: string; stream: AsyncIterable<Buffer> }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', NOT_MULTIPART);
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 100 } });
  } catch (error) {
    throw refusal(error, tooLarge);
  }
  if (!part || part.fieldname !== 'file') throw new AppError('validation_failed', NOT_MULTIPART, { file: NOT_MULTIPART });
  const source = part.file;
  async function* checked() {
    try {
      for await (const chunk of source) yield chunk as Buffer;
    } catch (error) {
      throw refusal(error, tooLarge);
    }
    // The parser ends a file at its limit and marks it truncated when not told to throw.
    if (source.truncated) throw tooLarge();
  }
  return { fileName: part.filename, stream: checked() };
}

function refusal(error: unknown, tooLarge: () => AppError): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('unprocessable', NOT_MULTIPART, { file: NOT_MULTIPART });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('unsupported_media_type', NOT_MULTIPART);
  return new AppError('validation_failed', UPLOAD_BROKEN);
}

/**
 * Every file part of a multipart request, one after another (each stream must be read before the next part comes), at
 * most `maxFiles` of at most `maxBytes` each; the parser's refusals become the portal's answers as in `oneFile`.
 */
export async function* eachFile(
  request: FastifyRequest,
  limits: { maxBytes: number; maxFiles: number },
  refusals: { tooLarge: () => AppError; tooMany: () => AppError },
): AsyncGenerator<{ fileName: string; stream: AsyncIterable<Buffer> }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', NOT_MULTIPART);
  const parts = request.files({ limits: { fileSize: limits.maxBytes, files: limits.maxFiles, fields: 0, fieldNameSize: 100, headerPairs: 100 } });
  try {
    for await (const part of parts) {
      const source = part.file;
      yield {
        fileName: part.filename,
        stream: (async function* () {
          try {
            for await (const chunk of source) yield chunk as Buffer;
          } catch (error) {
            throw refusal(error, refusals.tooLarge);
          }
          if (source.truncated) throw refusals.tooLarge();
        })(),
      };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw refusals.tooMany();
    throw refusal(error, refusals.tooLarge);
  }
}
