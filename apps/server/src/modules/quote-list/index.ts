/** The buyer's quote list (issue 45). */
export { readQuoteList } from './repository.js';
