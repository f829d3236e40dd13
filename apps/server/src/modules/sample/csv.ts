import { COURIER_NAMES, SAMPLE_STATUS_LABELS, type Sample } from '@agro/shared';
import { toCsv, type CsvColumn } from '../../lib/csv.js';

/** One row per request: its number, status, dates, buyer, products and dispatch; dates ISO 8601. The courier account number stays out. */
const SAMPLE_COLUMNS: readonly CsvColumn<Sample>[] = [
  { header: 'Request Number', value: (s) => s.number },
  { header: 'Request ID', value: (s) => s._id },
  { header: 'Requested At', value: (s) => s.createdAt },
  { header: 'Status', value: (s) => SAMPLE_STATUS_LABELS[s.status] },
  { header: 'Contact Person Name', value: (s) => s.buyer.name },
  { header: 'Account Email', value: (s) => s.buyer.email },
  { header: 'Company Name', value: (s) => s.buyer.company },
  { header: 'Country', value: (s) => s.buyer.country },
  { header: 'Products', value: (s) => s.items.map((i) => `${i.productName} (${i.grams} g)`).join('; ') },
  { header: 'Shipping', value: (s) => (s.courierAccount ? `${COURIER_NAMES[s.courierAccount.courier]} account` : 'Pay on delivery') },
  { header: 'Decline Reason', value: (s) => s.declineReason },
  { header: 'Courier', value: (s) => (s.dispatch ? COURIER_NAMES[s.dispatch.courier] : null) },
  { header: 'Tracking Number', value: (s) => s.dispatch?.trackingNumber ?? null },
  { header: 'Dispatched At', value: (s) => s.dispatch?.at ?? null },
  { header: 'Delivered At', value: (s) => s.deliveredAt },
  { header: 'Rating', value: (s) => s.feedback?.rating ?? null },
  { header: 'Quotes', value: (s) => s.quoteIds.length },
];

export const samplesCsv = (samples: readonly Sample[]): string => toCsv(SAMPLE_COLUMNS, samples);
