/**
 * The readable API reference (GET /api/docs): the OpenAPI document rendered as one plain HTML
 * page on the server. No script and no third-party host (the CSP allows neither); headings,
 * lists and tables, so it reads well with a screen reader and prints.
 */
import { escapeHtml } from './html.js';

type JsonSchema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  [key: string]: unknown;
};

interface Operation {
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type === 'array' && schema.items) return `list of ${typeOf(schema.items)}`;
  if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return `map of ${typeOf(schema.additionalProperties)}`;
  }
  return type ?? 'any';
}

/** Nested objects (directly, in lists or nullable) are listed below their field. */
function objectOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  if (schema.items) return objectOf(schema.items);
  return schema.anyOf?.map(objectOf).find(Boolean);
}

function fields(schema: JsonSchema | undefined, depth = 0): string {
  const object = schema && objectOf(schema);
  if (!object?.properties || depth > 4) return '';
  const required = new Set(object.required ?? []);
  const items = Object.entries(object.properties).map(([name, field]) => {
    const notes = [
      required.has(name) ? 'required' : 'optional',
      field.maxLength !== undefined ? `at most ${field.maxLength} characters` : '',
      field.minimum !== undefined ? `minimum ${field.minimum}` : '',
      field.maximum !== undefined ? `maximum ${field.maximum}` : '',
    ].filter(Boolean);
    const description = field.description ? ` — ${escapeHtml(field.description)}` : '';
    return `<li><code>${escapeHtml(name)}</code>: ${escapeHtml(typeOf(field))} (${notes.join(', ')})${description}${fields(field, depth + 1)}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function messageOrder(schema: JsonSchema | undefined): string {
  const order = schema?.['x-message-order'];
  if (!Array.isArray(order) || order.length === 0) return '';
  const items = order.map((m) => `<li>${escapeHtml(m)}</li>`).join('');
  return `<details><summary>Validation messages, first one wins</summary><ol>${items}</ol></details>`;
}

function operation(method: string, path: string, op: Operation, id: string): string {
  const parts = [`<h3 id="${id}"><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`];
  if (op.summary) parts.push(`<p>${escapeHtml(op.summary)}</p>`);
  if (op.parameters?.length) {
    const rows = op.parameters
      .map(
        (p) =>
          `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${escapeHtml(typeOf(p.schema ?? {}))}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escapeHtml(p.description ?? p.schema?.description ?? '')}</td></tr>`,
      )
      .join('');
    parts.push(
      `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Notes</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  }
  for (const [type, { schema }] of Object.entries(op.requestBody?.content ?? {})) {
    parts.push(`<h4>Body (<code>${escapeHtml(type)}</code>)</h4>`);
    if (schema?.description) parts.push(`<p>${escapeHtml(schema.description)}</p>`);
    const bodyFields = fields(schema);
    if (bodyFields) parts.push(`<details><summary>Fields of the body</summary>${bodyFields}</details>`);
    parts.push(messageOrder(schema));
  }
  parts.push('<h4>Answers</h4><dl>');
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const schema = Object.values(response.content ?? {})[0]?.schema;
    // Fields fold under their body or status (a quote's or an order's answer runs to hundreds): the
    // page stays a readable list of calls, and a closed list is not laid out (axe's contrast check,
    // which looks at every text laid out, took 8-9 s a width here with 13,000 elements open).
    const answerFields = status.startsWith('2') ? fields(schema) : '';
    const folded = answerFields ? `<details><summary>Fields of the answer</summary>${answerFields}</details>` : '';
    parts.push(`<dt>${escapeHtml(status)}</dt><dd>${escapeHtml(response.description ?? '')}${folded}</dd>`);
  }
  parts.push('</dl>');
  return `<section aria-labelledby="${id}">${parts.join('')}</section>`;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;max-width:60rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}
code{font-family:ui-monospace,monospace;background:#f2f2f2;padding:0 .2em}
section{border-top:1px solid #ccc;padding:.5rem 0}.method{color:#0b5394}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}
caption{text-align:left;font-weight:600}a{color:#0b5394}`;

/** The whole page. */
export function renderApiReference(doc: OpenApiDocument, documentUrl: string): string {
  const byTag = new Map<string, string[]>();
  const toc: string[] = [];
  let n = 0;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const id = `op-${(n += 1)}`;
      const tag = op.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(operation(method, path, op, id));
      toc.push(`<li><a href="#${id}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`);
    }
  }
  const groups = [...byTag].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} — API reference</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? '')} Machine-readable: <a href="${escapeHtml(documentUrl)}">OpenAPI 3.1 document</a>.</p></header>
<nav aria-label="Calls"><ul>${toc.join('')}</ul></nav><main>${groups}</main></body></html>`;
}
