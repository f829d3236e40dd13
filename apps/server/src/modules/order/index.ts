/**
 * What orders offer other modules: the quote desk makes an order when an offer is accepted, and
 * mails it; the reminders' digest lists the late ones as the orders list does.
 */
export { createOrderForQuote, type OrderActor } from './service.js';
export { orderMails } from './mails.js';
export { lateOrderSql } from './repository.js';
