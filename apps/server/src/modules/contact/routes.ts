import { SERVER_ERRORS, SUCCESS, contactMessageOrder, contactSchema } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { isId, newId } from '../../db/ids.js';
import { nowIso } from '../../db/mappers.js';
import { notFound, parseInput } from '../../lib/errors.js';
import { requireRole } from '../../plugins/auth.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { contactAcknowledgementMail, contactNotificationMail } from './mails.js';
import { findProductName, insertContact } from './repository.js';

/** /api/v1/contact/* : a logged-in USER only (SPEC.md section 6: admins get "access denied"). */
export default async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/addNewContact',
    { preHandler: requireRole('USER'), config: rateLimited(app.config, 'form') },
    async (request) => {
      const input = parseInput(contactSchema, contactMessageOrder, request.body);
      const productName = isId(input.productId) ? await findProductName(app.db, input.productId) : undefined;
      if (productName === undefined) throw notFound(SERVER_ERRORS.productNotFound);
      const user = request.user!;
      const row = await insertContact(app.db, {
        id: newId(),
        full_name: input.fullName,
        email: input.email,
        company_name: input.companyName,
        country: input.country,
        product_id: input.productId,
        // The catalogue's name, not the client's copy of it.
        product_name: productName,
        estimated_quantity: input.estimatedQuantity,
        description: input.description,
        user_id: user._id,
        created_at: nowIso(),
      });
      app.mailer.send(contactNotificationMail(app.config.companyEmail, row, user.email));
      app.mailer.send(contactAcknowledgementMail(user.email, row));
      return {
        success: true,
        message: SUCCESS.contact,
        contact: {
          _id: row.id,
          fullName: row.full_name,
          email: row.email,
          companyName: row.company_name,
          country: row.country,
          productId: row.product_id,
          productName: row.product_name,
          estimatedQuantity: Number(row.estimated_quantity),
          description: row.description,
          createdAt: row.created_at,
        },
      };
    },
  );
}
