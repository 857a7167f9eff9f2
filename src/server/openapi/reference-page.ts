/**
 * `/api/reference`: the OpenAPI document as one HTML page for people, rendered on
 * the server from the document itself. It loads nothing (no script, no font, no
 * CDN) and its one inline style is allowed by hash, so it works under the API's
 * strict Content-Security-Policy and on a machine without network.
 */
import { createHash } from 'node:crypto';
import type { JsonSchema, OpenApiDocument, OperationObject } from './document.ts';

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fafafa}
header,main{max-width:72rem;margin:0 auto;padding:0 1rem}
h1{font-size:1.6rem}h2{border-bottom:2px solid #ddd;margin-top:2.5rem}
nav ul{columns:4 12rem;padding-left:1rem}
details{background:#fff;border:1px solid #ddd;border-radius:6px;margin:.4rem 0;padding:.3rem .7rem}
summary{cursor:pointer}
.m{display:inline-block;min-width:4.2rem;font:700 .8rem monospace;text-transform:uppercase}
.get{color:#0a6b2d}.post{color:#0b4fa8}.put,.patch{color:#8a5a00}.delete{color:#a8200b}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f3f3f3;padding:.6rem;overflow:auto;max-height:24rem}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
.a{color:#555;font-size:.85rem}
`.trim();

/** The Content-Security-Policy the page is sent with: its own style by hash, nothing else. */
export const REFERENCE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** `code` spans for backticks, everything escaped. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function schemaLink(schema: unknown): string {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (typeof ref === 'string') {
    const name = ref.slice(ref.lastIndexOf('/') + 1);
    return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  }
  return `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

function operationHtml(path: string, method: string, op: OperationObject): string {
  const params = (op.parameters ?? []) as { name: string; in: string; required: boolean; description?: string }[];
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : ''}</td><td>${prose(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const body = op.requestBody as { content: Record<string, { schema: JsonSchema }>; description?: string } | undefined;
  const bodyHtml =
    body === undefined
      ? ''
      : Object.entries(body.content)
          .map(
            ([type, media]) =>
              `<h4>Body <code>${escapeHtml(type)}</code></h4>${body.description === undefined ? '' : `<p>${prose(body.description)}</p>`}${schemaLink(media.schema)}`,
          )
          .join('');
  const answers = Object.entries(op.responses)
    .map(([status, r]) => {
      const content = Object.entries(r.content ?? {})
        .map(([type, media]) => `<code>${escapeHtml(type)}</code> ${schemaLink(media.schema)}`)
        .join(' ');
      const headers = Object.keys(r.headers ?? {})
        .map((h) => `<code>${escapeHtml(h)}</code>`)
        .join(', ');
      return `<tr><td>${status}</td><td>${prose(r.description)}</td><td>${headers}</td><td>${content}</td></tr>`;
    })
    .join('');
  return `<details id="${escapeHtml(op.operationId)}"><summary><span class="m ${method}">${method}</span> <code>${escapeHtml(path)}</code> ${prose(op.summary)} <span class="a">(${escapeHtml(op['x-access'])})</span></summary>
${paramRows === '' ? '' : `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>meaning</th></tr>${paramRows}</table>`}
${bodyHtml}
<h4>Answers</h4><table><tr><th>status</th><th>meaning</th><th>headers</th><th>body</th></tr>${answers}</table></details>`;
}

/** The page for `doc`. */
export function referencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, op)]);
    }
  }
  const sections = [...byTag]
    .map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<details id="schema-${escapeHtml(name)}"><summary><code>${escapeHtml(name)}</code>${typeof schema.description === 'string' ? ` ${prose(schema.description)}` : ''}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`,
    )
    .join('\n');
  const toc = [...byTag.keys()]
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(doc.info.title)} reference</h1><p>${prose(doc.info.description)}</p>
<p>The machine-readable document: <a href="/api/openapi.json"><code>/api/openapi.json</code></a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
<nav aria-label="Resources"><ul>${toc}<li><a href="#schemas">Schemas</a></li></ul></nav></header>
<main>${sections}
<h2 id="schemas">Schemas</h2>${schemas}</main></body></html>
`;
}
