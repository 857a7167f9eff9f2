import { useEffect, useId, useState } from 'react';
import type { ImageTarget } from '../../lib/api/staff.ts';
import { TITLE_MAX_LENGTH } from '../../lib/domain/form-fields.ts';
import { IMAGE_TYPES, imageFileProblem } from '../../lib/domain/staff-views.ts';
import type { RawValues, StaffForm } from './form-state.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { staff } from './staff-client.ts';
import { TextInput } from './TextFields.tsx';

/** The fields the catalogue's forms (stores, sections, items) share: the Title and the picture. */

/** The Title field a row's form starts with: required, 1 to `TITLE_MAX_LENGTH` characters, focused first. */
export function TitleInput<V extends RawValues>({ form, name }: { form: StaffForm<V>; name: keyof V & string }) {
  return (
    <TextInput form={form} name={name} label="Title" hint={`1 to ${TITLE_MAX_LENGTH} characters.`} required autoFocus />
  );
}

/** A picture chosen in a create form, uploaded once the new row has its id. */
export interface PendingPicture {
  file: File | null;
  choose: (file: File | null) => void;
  /** Uploads the chosen picture (if any) for the row just created. */
  uploadFor: (target: ImageTarget) => Promise<void>;
}

export function usePendingPicture(): PendingPicture {
  const [file, setFile] = useState<File | null>(null);
  return {
    file,
    choose: setFile,
    uploadFor: async (target) => {
      if (file !== null) await staff.images.upload(target, file, file.name);
    },
  };
}

/**
 * A form's picture: the upload once the row exists (`target`); in a create
 * form, a picture chosen now and uploaded when the row is created.
 */
export function PictureField({
  noun,
  target,
  label,
  pending,
}: {
  noun: string;
  target: ImageTarget | null;
  label: string;
  pending?: PendingPicture;
}) {
  if (target === null) {
    return pending === undefined ? (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        Save the {noun} first, then add its picture here.
      </p>
    ) : (
      <PendingPictureInput noun={noun} pending={pending} />
    );
  }
  return <ImageUpload target={target} label={label} />;
}

function PendingPictureInput({ noun, pending }: { noun: string; pending: PendingPicture }) {
  const id = useId();
  const [error, setError] = useState('');
  const [preview, setPreview] = useState('');
  useEffect(
    () => () => {
      if (preview !== '') URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <fieldset className="rounded-xl border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Picture</legend>
      <div className="flex flex-wrap items-start gap-4">
        {preview !== '' && (
          <img
            src={preview}
            alt={`Chosen for the new ${noun}`}
            width={160}
            height={120}
            className="h-30 w-40 rounded-lg object-cover ring-1 ring-slate-200"
          />
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
            Choose a picture
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            PNG, JPEG or WebP, at most 2 MB. It is uploaded when you create the {noun}.
          </p>
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-describedby={error === '' ? `${id}-hint` : `${id}-hint ${id}-error`}
            aria-invalid={error === '' ? undefined : true}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              const problem = file === null ? null : imageFileProblem(file);
              setError(problem ?? '');
              pending.choose(problem === null ? file : null);
              setPreview(file === null || problem !== null ? '' : URL.createObjectURL(file));
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-800 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-900"
          />
          {error !== '' && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
