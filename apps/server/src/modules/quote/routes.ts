import { SERVER_ERRORS, SUCCESS, quoteMessageOrder, quoteSchema } from '@agro/shared';
import type { FastifyInstance } from 'fastify';
import { isId, newId } from '../../db/ids.js';
import { nowIso, toFlag } from '../../db/mappers.js';
import { notFound, parseInput } from '../../lib/errors.js';
import { requireRole } from '../../plugins/auth.js';
import { rateLimited } from '../../plugins/rate-limit.js';
import { quoteAcknowledgementMail, quoteNotificationMail } from './mails.js';
import { deleteQuote, findProductName, insertQuote, listQuotes } from './repository.js';

/** /api/v1/quote/* (SPEC.md section 7; roles from section 6). */
export default async function quoteRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/add',
    { preHandler: requireRole('USER', 'ADMIN'), config: rateLimited(app.config, 'form') },
    async (request) => {
      const input = parseInput(quoteSchema, quoteMessageOrder, request.body);
      if (!isId(input.productId) || (await findProductName(app.db, input.productId)) === undefined) {
        throw notFound(SERVER_ERRORS.productNotFound);
      }
      const user = request.user!;
      const quote = await insertQuote(app.db, {
        id: newId(),
        company_name: input.companyName,
        contact_person_name: input.contactPersonName,
        company_email: input.companyEmail,
        mobile_number: input.mobileNumber,
        country: input.country,
        address: input.address,
        required_qty: input.requiredQty,
        packaging_type: input.packagingType,
        is_custom_packaging_required: toFlag(input.isCustomPackagingRequired),
        product_id: input.productId,
        delivery_location: input.deliveryLocation,
        is_urgent: toFlag(input.isUrgent),
        additional_info: input.additionalInfo,
        heard_from: input.heardFrom,
        // Who asked comes from the session, never from the body.
        quoted_by_email: user.email,
        user_id: user._id,
        created_at: nowIso(),
      });
      // Queued after the row is stored; a mail failure is logged and never fails the request.
      app.mailer.send(quoteNotificationMail(app.config.companyEmail, quote));
      app.mailer.send(quoteAcknowledgementMail(user.email, quote));
      return { success: true, message: SUCCESS.addQuote, quote };
    },
  );

  // SPEC.md section 6: seeing one's own quotes is a USER capability (admins use /all).
  app.get('/getQuoteByUser', { preHandler: requireRole('USER') }, async (request) => {
    const quotes = await listQuotes(app.db, { userId: request.user!._id });
    return { success: true, message: SUCCESS.userQuotes, quotes };
  });

  app.get('/all', { preHandler: requireRole('ADMIN') }, async () => {
    const quotes = await listQuotes(app.db);
    return { success: true, message: SUCCESS.allQuotes, quotes };
  });

  app.delete<{ Params: { id: string } }>('/delete/:id', { preHandler: requireRole('ADMIN') }, async (request) => {
    const { id } = request.params;
    if (!isId(id) || !(await deleteQuote(app.db, id))) throw notFound(SERVER_ERRORS.quoteNotFound);
    return { success: true, message: SUCCESS.deleteQuote };
  });
}
