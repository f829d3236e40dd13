/**
 * What the lead lists (All Quotes, the inquiry inbox) offer the modules that hold them and the
 * other lists (orders, the audit log): their filters as SQL, one page at a time or every match in
 * keyset batches for the exports (filters.ts), and the list and CSV export routes (list-routes.ts).
 */
export {
  EXPORT_BATCH,
  EXPORT_FIRST_BATCH,
  allOf,
  callerFilter,
  distinctCountries,
  leadConditions,
  leadOrder,
  leadPage,
  nextDay,
  orderKey,
  pageOf,
  readBatch,
  wantsPage,
  type Condition,
  type LeadFilter,
} from './filters.js';
export { listAnswer, registerListRoutes } from './list-routes.js';
