import { ORDER_STEP_LABELS, packagingLabel, type Order, type OrderItem } from '@agro/shared';
import { toCsv, type CsvColumn } from '../../lib/csv.js';

const milestoneDay = (o: Order, step: Order['step']) => o.milestones.find((m) => m.step === step)?.at ?? null;

/** One row of the export (issue 45): an order with one of its lines; the first line's row shows the order's own terms. */
type OrderCsvRow = Order & { line: number; item: OrderItem };

/** One row per line of each order: its number, step, dates, buyer and frozen terms (the line's product); dates ISO 8601. */
const ORDER_COLUMNS: readonly CsvColumn<OrderCsvRow>[] = [
  { header: 'Order Number', value: (o) => o.orderNumber },
  { header: 'Order ID', value: (o) => o._id },
  { header: 'Quote ID', value: (o) => o.quoteId },
  { header: 'Accepted At', value: (o) => o.createdAt },
  { header: 'Step', value: (o) => ORDER_STEP_LABELS[o.step] },
  { header: 'Late', value: (o) => o.late },
  { header: 'Ship By', value: (o) => o.shipBy },
  { header: 'Shipped On', value: (o) => milestoneDay(o, 'SHIPPED') },
  { header: 'ETD', value: (o) => o.etd },
  { header: 'ETA', value: (o) => o.eta },
  { header: 'Tracking Link', value: (o) => o.trackingUrl },
  { header: 'Delivered On', value: (o) => milestoneDay(o, 'DELIVERED') },
  { header: 'Company Name', value: (o) => o.buyer.companyName },
  { header: 'Contact Person Name', value: (o) => o.buyer.contactPersonName },
  { header: 'Company Email', value: (o) => o.buyer.companyEmail },
  { header: 'Account Email', value: (o) => o.buyer.accountEmail },
  { header: 'Country', value: (o) => o.buyer.country },
  { header: 'Quotation Number', value: (o) => o.terms.quotationNumber },
  { header: 'Product Name', value: (o) => (o.line === 1 ? o.terms.productName : o.item.productName) },
  { header: 'HS Code', value: (o) => (o.line === 1 ? o.terms.hsCode : o.item.hsCode) },
  { header: 'Quantity', value: (o) => (o.line === 1 ? o.terms.quantity : o.item.quantity) },
  { header: 'Unit', value: (o) => (o.line === 1 ? o.terms.unit : o.item.unit) },
  { header: 'Packaging Type', value: (o) => packagingLabel(o.line === 1 ? o.terms.packagingType : o.item.packagingType) },
  { header: 'Currency', value: (o) => o.terms.currency },
  { header: 'Unit Price', value: (o) => (o.line === 1 ? o.terms.unitPrice : o.item.unitPrice) },
  { header: 'Total', value: (o) => o.terms.total },
  { header: 'Incoterm', value: (o) => o.terms.incoterm },
  { header: 'Port of Loading', value: (o) => o.terms.portOfLoading },
  { header: 'Destination', value: (o) => o.terms.destination },
  { header: 'Lead Time (days)', value: (o) => o.terms.leadTimeDays },
  { header: 'Payment Terms', value: (o) => o.terms.paymentTerms },
  { header: 'Documents', value: (o) => o.documents.length },
  // Issue 45: the line this row is (Total above is the whole order's).
  { header: 'Line', value: (o) => o.line },
  { header: 'Lines', value: (o) => o.items.length },
  { header: 'Line Weight (kg)', value: (o) => o.item.weightKg },
  { header: 'Line Total', value: (o) => o.item.total },
];

export const ordersCsv = (orders: readonly Order[]): string =>
  toCsv(
    ORDER_COLUMNS,
    orders.flatMap((order) => order.items.map((item, i) => ({ ...order, line: i + 1, item }))),
  );
