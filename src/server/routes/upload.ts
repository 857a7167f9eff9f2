import { Hono } from 'hono';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import {
  removeImage,
  resolveImageTarget,
  storeImage,
  tooLarge,
  UPLOAD_MAX_BYTES,
} from '../catalogue/content-images.ts';
import { auditStaff, staffAct } from '../catalogue/staff.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

const FORM_RULE =
  'The request must be multipart/form-data with the fields kind (Section, Item, Store or Book), id, ' +
  'dbId (Section, Book) or storeId (Item), and file.';

/**
 * `/api/Content`: staff (Employee) upload and delete the catalogue's images,
 * stored at the content paths of spec §2 (`/content/{db}/Section/{id}/ti.png`, …).
 */
export function uploadRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db, contentDir } = deps;
  const staff = requireRole(deps, 'Employee');
  return new Hono<AuthEnv>()
    .post(
      '/upload',
      staff,
      // The body was bounded (2 MB and the form's framing) by `middleware/body-limit.ts`.
      async (c) => {
        const type = c.req.header('content-type') ?? '';
        if (!type.toLowerCase().startsWith('multipart/form-data')) throw AppError.badRequest(FORM_RULE);
        let form: Record<string, string | File | (string | File)[]>;
        try {
          form = await c.req.parseBody({ all: false });
        } catch (err) {
          throw AppError.badRequest(`${FORM_RULE} This one could not be read: ${(err as Error).message}`);
        }
        const target = await resolveImageTarget(db, form);
        const file = Object.entries(form).find(([key]) => key.toLowerCase() === 'file')?.[1];
        if (!(file instanceof File)) throw AppError.invalidField('file', 'is required: the image to upload');
        if (file.size > UPLOAD_MAX_BYTES) throw tooLarge(file.size);
        const bytes = new Uint8Array(await file.arrayBuffer());
        const stored = await storeImage(contentDir, target, bytes);
        await auditStaff(db, staffAct(c, deps), 'content.uploaded', `content:${target.path}`, {
          kind: target.kind,
          id: target.id,
          fileName: file.name.slice(0, 200),
          ...stored,
        });
        return c.json({ Path: target.path });
      },
    )
    .delete('/delete', staff, async (c) => {
      const target = await resolveImageTarget(db, c.req.query());
      const deleted = await removeImage(contentDir, target.dir);
      if (deleted) {
        await auditStaff(db, staffAct(c, deps), 'content.deleted', `content:${target.path}`, {
          kind: target.kind,
          id: target.id,
        });
      }
      return c.json({
        Message: deleted ? `The image at ${target.path} was deleted.` : `There was no image at ${target.path}.`,
        Path: target.path,
        Deleted: deleted,
      });
    });
}
