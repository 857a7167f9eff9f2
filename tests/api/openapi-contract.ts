/**
 * Checks answers against the OpenAPI document (`/api/openapi.json`): the status is
 * one the call declares, the headers it declares as required are there, and a JSON
 * body matches the declared schema (Ajv, JSON Schema 2020-12). `openapi-setup.ts`
 * runs every answer the API suites receive through `checkAnswer`.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { routingPath } from '../../src/server/api-shell.ts';
import { buildOpenApiDocument, type OpenApiDocument, type OperationObject } from '../../src/server/openapi/document.ts';

interface Route {
  method: string;
  docPath: string;
  pattern: RegExp;
  op: OperationObject;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A document path as the router matches it: literal parts lower-cased (API paths), `{path}` the rest of the path. */
export function pathPattern(docPath: string): RegExp {
  const lower = /^\/(api|token|accountapi)(\/|$)/i.test(docPath);
  const source = docPath
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (part === '{path}') return '(.+)';
      if (part.startsWith('{')) return '([^/]+)';
      return escapeRegExp(lower ? part.toLowerCase() : part);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

export class ContractChecker {
  readonly doc: OpenApiDocument;
  readonly #routes: Route[] = [];
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDocument = buildOpenApiDocument()) {
    this.doc = doc;
    this.#ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');
    for (const [docPath, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        this.#routes.push({ method: method.toUpperCase(), docPath, pattern: pathPattern(docPath), op });
      }
    }
  }

  /** The declared call a request is, or undefined when no call answers it (the API's own 404). */
  route(method: string, url: string): Route | undefined {
    const path = routingPath(url);
    const m = method === 'HEAD' ? 'GET' : method;
    return this.#routes.find((r) => r.method === m && r.pattern.test(path));
  }

  #validator(key: string, schema: unknown): ValidateFunction {
    let v = this.#validators.get(key);
    if (v === undefined) {
      const linked = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
      v = this.#ajv.compile(linked);
      this.#validators.set(key, v);
    }
    return v;
  }

  /**
   * What is wrong with `res` as the answer to `method url` (empty when nothing is):
   * reads a clone of the body, so `res` stays readable.
   */
  async checkAnswer(method: string, url: string, res: Response): Promise<string[]> {
    const route = this.route(method, url);
    if (route === undefined) return [];
    const where = `${method} ${new URL(url, 'http://localhost').pathname} (${route.method} ${route.docPath})`;
    const declared = route.op.responses[String(res.status)];
    if (declared === undefined) {
      const body = await res
        .clone()
        .text()
        .catch(() => '');
      return [
        `${where} answered ${res.status}, which the document does not declare (declared: ${Object.keys(route.op.responses).join(', ')}): ${body.slice(0, 300)}`,
      ];
    }
    const problems: string[] = [];
    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      if (header.required && !res.headers.has(name)) problems.push(`${where} ${res.status}: header ${name} is missing`);
    }
    if (method === 'HEAD' || res.status === 304 || res.status === 204) return problems;
    const content = declared.content ?? {};
    const jsonType = Object.keys(content).find((t) => t.includes('json'));
    const actualType = res.headers.get('content-type') ?? '';
    if (jsonType === undefined) {
      if (actualType.includes('json') && Object.keys(content).length > 0) {
        problems.push(
          `${where} ${res.status}: answered JSON where the document declares ${Object.keys(content).join(', ')}`,
        );
      }
      return problems;
    }
    const mediaType = actualType.split(';')[0]?.trim() ?? '';
    if (!actualType.includes('json') && mediaType !== '' && mediaType in content) return problems;
    if (!actualType.includes('json')) {
      problems.push(
        `${where} ${res.status}: answered ${actualType || 'no content type'} where the document declares ${jsonType}`,
      );
      return problems;
    }
    const text = await res.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`${where} ${res.status}: the body is not JSON: ${text.slice(0, 200)}`);
      return problems;
    }
    const validate = this.#validator(`${route.method} ${route.docPath} ${res.status}`, content[jsonType]?.schema);
    if (!validate(body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map(
          (e) =>
            `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
        )
        .join('; ');
      problems.push(
        `${where} ${res.status}: the body does not match the document: ${errors}. Body: ${text.slice(0, 300)}`,
      );
    }
    return problems;
  }
}
