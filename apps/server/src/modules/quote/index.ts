/** What the quote desk offers other modules: the PDF's start and text helpers (the proforma invoice prints like the quotation). */
export { dateIn, dayIn, packagingIn, quantityIn, startPdf } from './pdf.js';
/** The buyer's reminders about an offer (modules/reminders). */
export { offerReminderMail, type OfferReminderKind } from './mails.js';
export { findQuote } from './repository.js';
/** One quote with its offers and history (the data export, issue 44). */
export { getQuoteDetail } from './detail.js';
