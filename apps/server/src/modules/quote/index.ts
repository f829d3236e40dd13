/** What the quote desk offers other modules: the PDF's text helpers (the proforma invoice prints like the quotation). */
export { dateIn, dayIn, packagingIn, penFor, quantityIn } from './pdf.js';
