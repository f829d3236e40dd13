import type { FastifyInstance } from 'fastify';

/** /api/v1/product routes: placeholder registered by the core; the phase-2 work fills it in. */
export default async function productRoutes(_app: FastifyInstance): Promise<void> {}
