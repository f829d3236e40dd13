/**
 * The OpenAPI 3.1 document (GET /api/v1/openapi.json), generated from the routes' zod schemas,
 * and its readable rendering (GET /api/docs). Registered before the routes: @fastify/swagger
 * collects them as they are added. Routes outside /api (static files) are left out.
 */
import swagger from '@fastify/swagger';
import { API_PREFIX, SITE } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderApiReference, type OpenApiDocument } from '../lib/api-reference.js';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const API_DOCS_PATH = '/api/docs';

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** The Idempotency-Key header (plugins/idempotency.ts) on the routes that take it, and its answers. */
function withIdempotencyKey<S extends object>(schema: S): S {
  const given = schema as S & { headers?: { properties?: Record<string, unknown> }; description?: string };
  return {
    ...given,
    description: [
      given.description,
      'Send an `Idempotency-Key` header (any 1 to 255 printable characters, e.g. a UUID, new for each submission) to make ' +
        'a retry safe: a repeat with the same key and body within 24 hours gets the first answer again, with ' +
        '`Idempotent-Replayed: true`, and changes nothing; the same key with another body answers 422; a repeat while the ' +
        'first is still running waits for it, then answers 409.',
    ]
      .filter(Boolean)
      .join('\n\n'),
    headers: {
      type: 'object',
      ...given.headers,
      properties: {
        ...given.headers?.properties,
        'idempotency-key': { type: 'string', minLength: 1, maxLength: 255, description: 'Makes a retry of this request safe (see above).' },
      },
    },
  };
}

async function apiDocs(fastify: FastifyInstance): Promise<void> {
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${SITE.companyName} API`,
        version: '1',
        description:
          'Every answer is JSON with `success` and `message`. Sessions use the httpOnly cookie set by login; ' +
          'state-changing calls from a foreign Origin are refused.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'agro_session' } },
      },
    },
    transform: (input) => {
      if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
      const out = zodTransform(input);
      return input.route.config?.idempotent ? { ...out, schema: withIdempotencyKey(out.schema) } : out;
    },
  });

  // Both answers are ready strings (sent as they are), hence no type provider here.
  const app = fastify;
  // Built on first request: every route is registered by then, and the document never changes.
  let documentJson: string | undefined;
  let page: string | undefined;

  app.get(
    OPENAPI_PATH,
    {
      schema: {
        tags: ['docs'],
        summary: 'This OpenAPI 3.1 document',
        response: { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
      },
    },
    async (_request, reply) => {
      documentJson ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(documentJson);
    },
  );

  app.get(
    API_DOCS_PATH,
    {
      schema: {
        tags: ['docs'],
        summary: 'The API reference (HTML)',
        response: { 200: { content: { 'text/html': { schema: z.string() } } } },
      },
    },
    async (_request, reply) => {
      page ??= renderApiReference(app.swagger() as unknown as OpenApiDocument, OPENAPI_PATH);
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
    },
  );
}

export default fp(apiDocs, { name: 'api-docs' });
