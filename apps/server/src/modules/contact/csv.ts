import type { Inquiry } from '@agro/shared';
import type { CsvColumn } from '../../lib/csv.js';

/** Every field of an inquiry, one row each; dates as ISO 8601 (UTC). */
export const INQUIRY_COLUMNS: readonly CsvColumn<Inquiry>[] = [
  { header: 'Inquiry ID', value: (i) => i._id },
  { header: 'Created At', value: (i) => i.createdAt },
  { header: 'Status', value: (i) => (i.handled ? 'HANDLED' : 'OPEN') },
  { header: 'Handled At', value: (i) => i.handledAt },
  { header: 'Full Name', value: (i) => i.fullName },
  { header: 'Email', value: (i) => i.email },
  { header: 'Company Name', value: (i) => i.companyName },
  { header: 'Country', value: (i) => i.country },
  { header: 'Product ID', value: (i) => i.productId },
  { header: 'Product Name', value: (i) => i.productName },
  { header: 'Estimated Quantity', value: (i) => i.estimatedQuantity },
  { header: 'Unit', value: (i) => i.productQuantityType },
  { header: 'Description', value: (i) => i.description },
  // The reply clock and the owner (issue 41).
  { header: 'Reply Due At', value: (i) => i.replyDueAt },
  { header: 'First Reply At', value: (i) => i.firstReplyAt },
  { header: 'Assignee', value: (i) => i.assignee?.fullName ?? null },
  { header: 'Follow Up On', value: (i) => i.followUpOn ?? null },
];
