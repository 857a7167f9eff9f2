import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Busboy } from '@fastify/busboy';
import { AppError } from '../errors.ts';
import { IMPORT_MAX_BYTES } from './import-limits.ts';

/** A file an import job reads, and what becomes of it once the job is over. */
export interface ImportFile {
  path: string;
  /** Removes a received upload; the job calls it when it ends, however it ends. */
  discard(): Promise<void>;
}

export interface ReceivedImport {
  file: ImportFile;
  /** The name the form gave the file (multipart only). */
  fileName: string | undefined;
}

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * Writes an import's upload to a temporary file as it arrives (a folder of its
 * own under `parent`, the system's temporary folder), so no part of the API holds the
 * whole file in memory. The body is the file itself, or a multipart form
 * whose `file` field is (the staff page's upload); other fields and files are
 * skipped. 400 when there is no file or it is empty or larger than
 * `IMPORT_MAX_BYTES`; a failure of the body's own stream (the 413 past the
 * call's limit, a dropped connection) passes through. Nothing is left on disk
 * when it fails.
 */
export async function receiveImportFile(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  parent = tmpdir(),
): Promise<ReceivedImport> {
  const dir = await mkdtemp(join(parent, 'aisle-import-'));
  const path = join(dir, 'upload');
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
    let fileName: string | undefined;
    if (contentType.toLowerCase().startsWith('multipart/form-data')) {
      fileName = await saveFormFile(source, contentType, path);
    } else {
      await pipeline(source, createWriteStream(path));
    }
    const bytes = (await stat(path)).size;
    if (bytes === 0) throw AppError.invalidField('file', 'is required: send a CSV or XLSX file as the body');
    if (bytes > IMPORT_MAX_BYTES) throw AppError.invalidField('file', `must be at most ${MAX_MB} MB`);
    return { file: { path, discard }, fileName };
  } catch (err) {
    await discard();
    throw err;
  }
}

/** Saves the `file` field of a multipart form to `path`; answers the name the form gave it. */
async function saveFormFile(source: Readable, contentType: string, path: string): Promise<string | undefined> {
  let form: InstanceType<typeof Busboy>;
  try {
    form = new Busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 20, fieldSize: 4096, parts: 40 },
    });
  } catch (err) {
    throw AppError.badRequest(`The upload is not a readable form: ${(err as Error).message}`);
  }
  let saved: Promise<Error | undefined> | undefined;
  let fileName: string | undefined;
  let truncated = false;
  form.on('file', (field, stream, name) => {
    if (field !== 'file' || saved !== undefined) {
      stream.resume();
      return;
    }
    fileName = name;
    stream.on('limit', () => {
      truncated = true;
    });
    saved = pipeline(stream, createWriteStream(path)).then(
      () => undefined,
      (err: Error) => err,
    );
  });
  try {
    await pipeline(source, form);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw AppError.badRequest(`The upload is not a readable form: ${(err as Error).message}`);
  }
  if (saved === undefined) throw AppError.invalidField('file', 'is required: choose a CSV or XLSX file');
  const failed = await saved;
  if (failed !== undefined) throw failed;
  if (truncated) throw AppError.invalidField('file', `must be at most ${MAX_MB} MB`);
  return fileName;
}
