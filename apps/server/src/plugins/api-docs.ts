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
    transform: (input) => (input.url.startsWith('/api/') ? zodTransform(input) : { schema: { hide: true }, url: input.url }),
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
