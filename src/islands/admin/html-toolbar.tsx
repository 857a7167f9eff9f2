import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { type ReactNode, useId, useState } from 'react';
import { buttonStyles } from './button-styles.ts';

/** The HTML editor's toolbar (headings, emphasis, lists, quotes, tables) and its link form. */

/** Small line icons for the toolbar (the page loads no icon font). */
const ICONS = {
  bullet: 'M8 5h9M8 10h9M8 15h9M3.5 5h.01M3.5 10h.01M3.5 15h.01',
  ordered: 'M8 5h9M8 10h9M8 15h9M3 4l1-1v4M3 9.5c.5-.7 2-.7 2 .3 0 .8-2 1.2-2 2.2h2M3 14h2l-1 1.2c1 0 1 1.8 0 1.8H3',
  quote: 'M4 6h4v4c0 2-1 3-3 4M12 6h4v4c0 2-1 3-3 4',
  link: 'M8.5 11.5a3 3 0 0 0 4.2 0l2.8-2.8a3 3 0 0 0-4.2-4.2l-.9.9M11.5 8.5a3 3 0 0 0-4.2 0l-2.8 2.8a3 3 0 0 0 4.2 4.2l.9-.9',
  table: 'M3 4h14v12H3zM3 8h14M3 12h14M8 4v12M12.5 4v12',
  row: 'M3 4h14v8H3zM3 8h14M10 14v5M7.5 16.5h5',
  untable: 'M3 4h14v12H3zM6 7l8 6M14 7l-8 6',
  undo: 'M7 5 3 9l4 4M3 9h9a5 5 0 0 1 0 10h-2',
  redo: 'M13 5l4 4-4 4M17 9H8a5 5 0 0 0 0 10h2',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={`grid h-8 min-w-8 place-items-center rounded-md px-2 text-sm font-semibold ${
        pressed ? 'bg-brand-800 text-white' : 'text-slate-800 hover:bg-slate-200'
      } disabled:cursor-not-allowed disabled:opacity-40`}
    >
      {children}
    </button>
  );
}

export function Toolbar({ editor, onLink }: { editor: Editor; onLink: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-300 bg-slate-50 p-1"
    >
      <ToolButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <span className="font-extrabold">B</span>
      </ToolButton>
      <ToolButton label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <span className="font-serif italic">I</span>
      </ToolButton>
      <ToolButton label="Underline" pressed={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <span className="underline">U</span>
      </ToolButton>
      <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-300" />
      <ToolButton label="H2 heading" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolButton>
      <ToolButton label="H3 subheading" pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolButton>
      <ToolButton label="Bulleted list" pressed={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <Icon name="bullet" />
      </ToolButton>
      <ToolButton label="Numbered list" pressed={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <Icon name="ordered" />
      </ToolButton>
      <ToolButton label="Quote" pressed={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <Icon name="quote" />
      </ToolButton>
      <ToolButton label="Link" pressed={state.link} onClick={onLink}>
        <Icon name="link" />
      </ToolButton>
      <ToolButton
        label={state.table ? 'Add a table row' : 'Insert a table'}
        onClick={() =>
          state.table
            ? chain().addRowAfter().run()
            : chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()
        }
      >
        <Icon name={state.table ? 'row' : 'table'} />
      </ToolButton>
      {state.table && (
        <ToolButton label="Delete the table" onClick={() => chain().deleteTable().run()}>
          <Icon name="untable" />
        </ToolButton>
      )}
      <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-300" />
      <ToolButton label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Icon name="undo" />
      </ToolButton>
      <ToolButton label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Icon name="redo" />
      </ToolButton>
    </div>
  );
}

export function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = useId();
  const [href, setHref] = useState<string>(() => String(editor.getAttributes('link').href ?? ''));
  const [error, setError] = useState('');
  const apply = () => {
    const url = href.trim();
    if (url === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onDone();
      return;
    }
    if (!/^(https?:\/\/|mailto:|tel:|\/)/i.test(url)) {
      setError('The link must start with https://, http://, mailto:, tel: or / (a page of the shop).');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-b border-slate-300 bg-white p-2">
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
          Link address
        </label>
        <input
          id={id}
          type="url"
          value={href}
          // biome-ignore lint/a11y/noAutofocus: the field was opened to be typed in.
          autoFocus
          onChange={(e) => {
            setHref(e.target.value);
            setError('');
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              onDone();
            }
          }}
          aria-invalid={error === '' ? undefined : true}
          aria-describedby={error === '' ? undefined : `${id}-error`}
          className="block w-full rounded-lg border border-slate-400 px-3 py-1.5 text-sm"
        />
        {error !== '' && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <button type="button" className={buttonStyles.primary} onClick={apply}>
        Apply link
      </button>
      <button
        type="button"
        className={buttonStyles.secondary}
        onClick={() => {
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
          onDone();
        }}
      >
        Remove link
      </button>
    </div>
  );
}
