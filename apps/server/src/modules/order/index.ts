/** What orders offer other modules: the quote desk makes an order when an offer is accepted, and mails it. */
export { createOrderForQuote, type OrderActor } from './service.js';
export { orderMails } from './mails.js';
