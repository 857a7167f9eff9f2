import { type ChangeEvent, useId, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { type ImageTarget, imagePath } from '../../lib/api/staff.ts';
import { IMAGE_TYPES, imageFileProblem } from '../../lib/domain/staff-views.ts';
import { buttonStyles } from './button-styles.ts';
import { staff } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

const DEFAULT_TILE = '/images/default-tile.svg';

/**
 * A row's picture (a store's, section's or item's tile): the current one, and
 * a file picker that checks type and size before uploading it into content
 * storage (`POST /api/Content/Upload`), where the shop serves it at once.
 */
export function ImageUpload({ target, label }: { target: ImageTarget; label: string }) {
  const id = useId();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [version, setVersion] = useState(() => Date.now());
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file === undefined) return;
    setError('');
    const problem = imageFileProblem(file);
    if (problem !== null) {
      setError(problem);
      e.target.value = '';
      return;
    }
    setBusy(true);
    try {
      await staff.images.upload(target, file, file.name);
      setMissing(false);
      setVersion(Date.now());
      toast.success(`The picture of ${label} was uploaded.`);
    } catch (err) {
      setError(friendlyMessage(err));
    } finally {
      setBusy(false);
      e.target.value = '';
    }
  };

  const remove = async () => {
    setBusy(true);
    setError('');
    try {
      const answer = await staff.images.remove(target);
      setMissing(true);
      toast.success(answer.Message);
    } catch (err) {
      setError(friendlyMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="rounded-xl border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Picture</legend>
      <div className="flex flex-wrap items-start gap-4">
        <img
          src={missing ? DEFAULT_TILE : `${imagePath(target)}?v=${version}`}
          alt={missing ? `${label} has no picture yet` : `The picture of ${label}`}
          width={160}
          height={120}
          onError={() => setMissing(true)}
          className="h-30 w-40 rounded-lg bg-brand-100 object-cover ring-1 ring-slate-200"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
            Upload a new picture
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            PNG, JPEG or WebP, at most 2 MB. It is cut to a 400 × 300 tile and shown in the shop at once.
          </p>
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={(e) => void upload(e)}
            disabled={busy}
            aria-describedby={error === '' ? `${id}-hint` : `${id}-hint ${id}-error`}
            aria-invalid={error === '' ? undefined : true}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-800 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-900"
          />
          {busy && (
            <p role="status" className="text-sm text-slate-700">
              Working…
            </p>
          )}
          {error !== '' && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          {!missing && (
            <button type="button" className={buttonStyles.secondary} onClick={() => void remove()} disabled={busy}>
              Remove the picture
            </button>
          )}
        </div>
      </div>
    </fieldset>
  );
}
