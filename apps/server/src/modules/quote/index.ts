/** What the quote desk offers other modules: the PDF's text helpers (the proforma invoice prints like the quotation). */
export { dateIn, packagingIn, penFor, quantityIn } from './pdf.js';
