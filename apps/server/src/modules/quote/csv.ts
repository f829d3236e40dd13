import { certificationLabel, containerLabel, packagingLabel, type Quote, type QuoteOfferLine } from '@agro/shared';
import type { CsvColumn } from '../../lib/csv.js';

/**
 * One row of the export (issue 45): a quote with one of its lines in its product fields (the first
 * line's are the quote's own), and that line's place and offered price.
 */
export type QuoteCsvRow = Quote & { line: number; lineCount: number; lineId: string; offerLine: QuoteOfferLine | null };

/** A row per line of each quote, in line order: a one-line quote is one row, as before. */
export function quoteCsvRows(quotes: readonly Quote[]): QuoteCsvRow[] {
  return quotes.flatMap((quote) =>
    quote.items.map((item, i) => ({
      ...quote,
      productId: item.productId,
      requiredQty: item.requiredQty,
      packagingType: item.packagingType,
      isCustomPackagingRequired: item.isCustomPackagingRequired,
      line: i + 1,
      lineCount: quote.items.length,
      lineId: item._id,
      offerLine: quote.offer?.lines.find((l) => l.itemId === item._id) ?? null,
    })),
  );
}

/** Every field of a quote, one row per line (today's columns first); dates as ISO 8601 (UTC). */
export const QUOTE_COLUMNS: readonly CsvColumn<QuoteCsvRow>[] = [
  { header: 'Quote ID', value: (q) => q._id },
  { header: 'Created At', value: (q) => q.createdAt },
  { header: 'Status', value: (q) => q.status },
  { header: 'Company Name', value: (q) => q.companyName },
  { header: 'Contact Person Name', value: (q) => q.contactPersonName },
  { header: 'Company Email', value: (q) => q.companyEmail },
  { header: 'Mobile Number', value: (q) => q.mobileNumber },
  { header: 'Country', value: (q) => q.country },
  { header: 'Address', value: (q) => q.address },
  { header: 'Product ID', value: (q) => q.productId?._id ?? null },
  { header: 'Product Name', value: (q) => q.productId?.productName ?? null },
  { header: 'Product Type', value: (q) => q.productId?.productType ?? null },
  { header: 'Required Quantity', value: (q) => q.requiredQty },
  { header: 'Unit', value: (q) => q.productId?.productQuantityType ?? null },
  { header: 'Packaging Type', value: (q) => packagingLabel(q.packagingType) },
  { header: 'Custom Packaging Required', value: (q) => q.isCustomPackagingRequired },
  { header: 'Delivery Location', value: (q) => q.deliveryLocation },
  { header: 'Urgent', value: (q) => q.isUrgent },
  { header: 'Additional Information', value: (q) => q.additionalInfo },
  { header: 'Heard From', value: (q) => q.heardFrom },
  { header: 'Quoted By', value: (q) => q.quotedByEmail },
  { header: 'Preferred Incoterm', value: (q) => q.tradeTerms?.incoterm ?? null },
  { header: 'Destination Port or Place', value: (q) => q.tradeTerms?.destinationPort ?? null },
  { header: 'Container', value: (q) => (q.tradeTerms?.container ? containerLabel(q.tradeTerms.container) : null) },
  { header: 'Target Price', value: (q) => q.tradeTerms?.targetPrice ?? null },
  { header: 'Target Price Currency', value: (q) => q.tradeTerms?.targetCurrency ?? null },
  { header: 'Target Price Unit', value: (q) => q.tradeTerms?.targetPriceUnit ?? null },
  { header: 'Certifications Required', value: (q) => (q.tradeTerms?.certifications ?? []).map(certificationLabel).join('; ') },
  { header: 'Sample First', value: (q) => q.tradeTerms?.sampleFirst ?? false },
  // The current offer (quote desk), when there is one.
  { header: 'Quotation Number', value: (q) => q.offer?.quotationNumber ?? null },
  { header: 'Offer Unit Price', value: (q) => q.offerLine?.unitPrice ?? q.offer?.unitPrice ?? null },
  { header: 'Offer Currency', value: (q) => q.offer?.currency ?? null },
  { header: 'Offer Price Basis', value: (q) => q.offerLine?.priceBasis ?? q.offer?.priceBasis ?? null },
  { header: 'Offer Total', value: (q) => q.offer?.total ?? null },
  { header: 'Offer Incoterm', value: (q) => q.offer?.incoterm ?? null },
  { header: 'Offer Port of Loading', value: (q) => q.offer?.portOfLoading ?? null },
  { header: 'Offer Destination', value: (q) => q.offer?.destination ?? null },
  { header: 'Offer Lead Time (days)', value: (q) => q.offer?.leadTimeDays ?? null },
  { header: 'Offer Payment Terms', value: (q) => q.offer?.paymentTerms ?? null },
  { header: 'Offer Valid Until', value: (q) => q.offer?.validUntil ?? null },
  { header: 'Offer Sent At', value: (q) => q.offer?.createdAt ?? null },
  // The reply clock and the owner (issue 41).
  { header: 'Reply Due At', value: (q) => q.replyDueAt },
  { header: 'First Reply At', value: (q) => q.firstReplyAt },
  { header: 'Assignee', value: (q) => q.assignee?.fullName ?? null },
  { header: 'Follow Up On', value: (q) => q.followUpOn ?? null },
  // Issue 45: the line this row is (the offer's total above is the whole offer's).
  { header: 'Line', value: (q) => q.line },
  { header: 'Lines', value: (q) => q.lineCount },
  { header: 'Line ID', value: (q) => q.lineId },
  { header: 'Offer Line Quantity', value: (q) => q.offerLine?.quantity ?? null },
  { header: 'Offer Line Total', value: (q) => q.offerLine?.total ?? null },
];
