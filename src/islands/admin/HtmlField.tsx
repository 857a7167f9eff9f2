import { lazy, type ReactNode, Suspense } from 'react';
import type { RawValues, StaffForm } from './form-state.ts';

// The editor and the sanitizer are most of an admin page's script: fetched when a form first needs them.
const HtmlEditor = lazy(() => import('./HtmlEditor.tsx').then((m) => ({ default: m.HtmlEditor })));

/** An `HtmlEditor` bound to a staff form's field, loaded on first use. */
export function HtmlField<V extends RawValues>({
  form,
  name,
  label,
  hint,
}: {
  form: StaffForm<V>;
  name: keyof V & string;
  label: string;
  hint?: ReactNode;
}) {
  const value = form.values[name];
  return (
    <Suspense fallback={<p className="rounded-lg bg-slate-50 px-3 py-6 text-sm text-slate-700">Loading the editor…</p>}>
      <HtmlEditor
        id={form.id(name)}
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(html) => form.set(name, html as V[typeof name])}
        onBlur={() => form.touch(name)}
        hint={hint}
        errors={form.errors(name)}
      />
    </Suspense>
  );
}
