import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { sanitizeContent } from '../../lib/content/sanitize.ts';
import { CONTENT_MAX_BYTES } from '../../lib/domain/form-fields.ts';
import { LinkForm, Toolbar } from './html-toolbar.tsx';

type Mode = 'write' | 'html' | 'preview';
const MODES: { mode: Mode; label: string }[] = [
  { mode: 'write', label: 'Write' },
  { mode: 'html', label: 'HTML' },
  { mode: 'preview', label: 'Preview' },
];

const utf8 = new TextEncoder();

export interface HtmlEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  errors?: string[];
}

/** The HTML an editor holds, with an empty document as `''`. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * Rich HTML for section, book and item content: a visual editor (headings,
 * emphasis, lists, quotes, links, tables), the HTML itself, and a preview
 * sanitized by the build's own allow-list, so what it shows is what the shop's
 * pages will show. The server sanitizes again when it stores the content.
 */
export function HtmlEditor({ id, label, value, onChange, onBlur, hint, errors = [] }: HtmlEditorProps) {
  const [mode, setMode] = useState<Mode>('write');
  const [linking, setLinking] = useState(false);
  const labelId = `${id}-label`;
  const invalid = errors.length > 0;
  const describedBy = [hint === undefined ? null : `${id}-hint`, invalid ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const editor = useEditor({
    immediatelyRender: false,
    // The page's Content-Security-Policy allows no inline <style>; the classes below style the editor.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { target: null } },
      }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class:
          'prose min-h-48 max-h-[55vh] overflow-y-auto whitespace-pre-wrap break-words px-3 py-2 focus:outline-none [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-brand-700',
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(htmlOf(e)),
    onBlur: () => onBlur?.(),
  });

  // The messages under the field change after the editor was made.
  useEffect(() => {
    if (editor === null) return;
    const dom = editor.view.dom;
    if (describedBy === '') dom.removeAttribute('aria-describedby');
    else dom.setAttribute('aria-describedby', describedBy);
    if (invalid) dom.setAttribute('aria-invalid', 'true');
    else dom.removeAttribute('aria-invalid');
  }, [editor, describedBy, invalid]);

  const switchTo = (next: Mode) => {
    if (next === mode) return;
    if (mode === 'html' && editor !== null) editor.commands.setContent(value, { emitUpdate: false });
    setLinking(false);
    setMode(next);
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const nextIndex = (index + step + MODES.length) % MODES.length;
    const next = MODES[nextIndex];
    if (next === undefined) return;
    switchTo(next.mode);
    tabs.current[nextIndex]?.focus();
  };

  const bytes = utf8.encode(value).length;
  const preview = mode === 'preview' ? sanitizeContent(value) : '';

  return (
    <div>
      <div className="mb-1 flex flex-wrap items-end justify-between gap-2">
        <span id={labelId} className="block text-sm font-semibold text-slate-800">
          {label}
        </span>
        <div role="tablist" aria-label={`${label}: view`} className="inline-flex rounded-lg bg-slate-100 p-0.5 text-sm">
          {MODES.map((m, i) => (
            <button
              key={m.mode}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${m.mode}`}
              aria-selected={mode === m.mode}
              aria-controls={`${id}-panel-${m.mode}`}
              tabIndex={mode === m.mode ? 0 : -1}
              onClick={() => switchTo(m.mode)}
              onKeyDown={(e) => onTabKey(e, i)}
              className={`rounded-md px-3 py-1 font-semibold ${mode === m.mode ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
            >
              {m.label}
            </button>
          ))}
        </div>
      </div>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div
        className={`overflow-hidden rounded-lg border bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-700/30 ${invalid ? 'border-red-700' : 'border-slate-400'}`}
      >
        <div id={`${id}-panel-write`} role="tabpanel" aria-labelledby={`${id}-tab-write`} hidden={mode !== 'write'}>
          {editor === null ? (
            <p className="px-3 py-2 text-sm text-slate-600">Loading the editor…</p>
          ) : (
            <>
              <Toolbar editor={editor} onLink={() => setLinking((on) => !on)} />
              {linking && <LinkForm editor={editor} onDone={() => setLinking(false)} />}
              <EditorContent editor={editor} />
            </>
          )}
        </div>
        <div id={`${id}-panel-html`} role="tabpanel" aria-labelledby={`${id}-tab-html`} hidden={mode !== 'html'}>
          {mode === 'html' && (
            <textarea
              aria-label={`${label} (HTML)`}
              aria-describedby={describedBy === '' ? undefined : describedBy}
              aria-invalid={invalid ? true : undefined}
              value={value}
              rows={12}
              spellCheck={false}
              onChange={(e) => onChange(e.target.value)}
              onBlur={() => onBlur?.()}
              className="block w-full resize-y px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none"
            />
          )}
        </div>
        <div
          id={`${id}-panel-preview`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-preview`}
          hidden={mode !== 'preview'}
          className="min-h-48 px-3 py-2"
        >
          {mode === 'preview' &&
            (preview === '' ? (
              <p className="text-slate-600">
                Nothing to show: the content is empty (or only held what the shop removes).
              </p>
            ) : (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the build's own allow-list just above.
              <div className="prose" dangerouslySetInnerHTML={{ __html: preview }} />
            ))}
        </div>
      </div>
      <p className={`mt-1 text-right text-xs ${bytes > CONTENT_MAX_BYTES ? 'text-red-700' : 'text-slate-600'}`}>
        {(bytes / 1024).toFixed(1)} KB of {CONTENT_MAX_BYTES / 1024} KB
      </p>
      {invalid && (
        <div id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {errors.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
    </div>
  );
}
