import sanitizeHtml from 'sanitize-html';

const TEXT_ALIGN = [/^(?:left|right|center|justify|start|end)$/];
const ALIGNABLE = ['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'li', 'caption', 'figcaption', 'blockquote'];
const DIMENSION = /^\d{1,4}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'div', 'span'],
    ...['strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'small', 'sub', 'sup', 'mark', 'abbr', 'q', 'cite'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption'],
    ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    abbr: ['title'],
    ol: ['start', 'reversed', { name: 'type', values: ['1', 'a', 'A', 'i', 'I'] }],
    th: ['colspan', 'rowspan', { name: 'scope', values: ['row', 'col', 'rowgroup', 'colgroup'] }, 'style'],
    td: ['colspan', 'rowspan', 'style'],
    col: ['span'],
    colgroup: ['span'],
    ...Object.fromEntries(ALIGNABLE.filter((t) => t !== 'td' && t !== 'th').map((t) => [t, ['style']])),
  },
  allowedStyles: Object.fromEntries(ALIGNABLE.map((t) => [t, { 'text-align': TEXT_ALIGN }])),
  allowedClasses: {},
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  disallowedTagsMode: 'discard',
  nonTextTags: [
    ...['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'svg', 'math', 'template'],
    ...['form', 'button', 'select', 'object'],
  ],
  transformTags: {
    // The page's title is its one h1; a heading in the copy ranks below it.
    h1: 'h2',
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs, rel: 'noopener noreferrer' };
      if (out.target !== undefined && out.target !== '_blank') delete out.target;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs, loading: 'lazy', decoding: 'async' };
      for (const dim of ['width', 'height']) {
        const value = out[dim];
        if (value !== undefined && !DIMENSION.test(value)) delete out[dim];
      }
      if (out.alt === undefined) out.alt = '';
      return { tagName, attribs: out };
    },
  },
  // An image left without a source after the scheme check shows nothing useful.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Makes staff-written HTML (SectionContent, ItemContent) safe to embed in a page:
 * an allow-list fit for rich product copy (headings, paragraphs, lists, tables,
 * figures, images, links), with links opened as `rel="noopener noreferrer"`, URLs
 * limited to http, https, mailto, tel and relative ones, no classes, ids, event
 * handlers or styles beyond `text-align`, and scripts, frames, SVG and forms dropped
 * together with their content.
 */
export function sanitizeContent(html: string | null | undefined): string {
  if (html === null || html === undefined || html.trim() === '') return '';
  return sanitizeHtml(html, OPTIONS).trim();
}
