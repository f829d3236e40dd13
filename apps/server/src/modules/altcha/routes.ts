import { ALTCHA_FORMS, SUCCESS_ALTCHA, altchaChallengeResponseSchema, type AltchaForm } from '@agro/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../lib/route-schemas.js';
import { altchaService, type AltchaService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    altcha: AltchaService;
  }
  interface FastifyRequest {
    /** The `altcha` field of the body as sent (read before the body's schema drops what it does not know). */
    altchaPayload: unknown;
  }
}

/** /api/v1/altcha/*: challenges for the proof of work of the public forms (service.ts). */
export default async function altchaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/challenge',
    {
      schema: {
        tags: ['altcha'],
        summary:
          'A proof-of-work challenge (ALTCHA) for registration or forgot password: solve it (the altcha widget, or altcha-lib) ' +
          'and send the payload as `altcha` in that form',
        querystring: z.object({ form: z.enum(ALTCHA_FORMS).default('register') }),
        response: replies(altchaChallengeResponseSchema, [400]),
      },
    },
    async (request, reply) => {
      const { parameters, signature } = await app.altcha.challenge(request.query.form);
      reply.header('Cache-Control', 'no-store');
      return { success: true, message: SUCCESS_ALTCHA, parameters: { ...parameters }, ...(signature ? { signature } : {}) };
    },
  );
}

/**
 * Hooks of a route whose form needs the proof of work: the payload is read from the body as sent,
 * then verified once the body's own fields passed their checks (a client that sends only the
 * spec's fields sees the spec's messages first).
 */
export function requireProofOfWork(app: FastifyInstance, form: AltchaForm) {
  return {
    preValidation: async (request: FastifyRequest) => {
      const body = request.body;
      request.altchaPayload = body && typeof body === 'object' ? (body as Record<string, unknown>).altcha : undefined;
    },
    preHandler: async (request: FastifyRequest, _reply: FastifyReply) => {
      if (app.config.altcha.enabled) await app.altcha.verify(form, request.altchaPayload);
    },
  };
}

export { altchaService };
