/**
 * The orders' steps, fields and texts without zod (order.ts re-exports them, beside its schemas):
 * the private screens' English catalogue (i18n/en-app.ts) takes its texts from here, and zod stays
 * out of its chunk.
 */

/** The steps in the order they happen; CANCELLED stands apart (from any step before SHIPPED). */
export const ORDER_FLOW = [
  'PROFORMA_ISSUED',
  'ADVANCE_RECEIVED',
  'IN_PRODUCTION',
  'QUALITY_CHECKED',
  'PACKED',
  'SHIPPED',
  'DOCUMENTS_SENT',
  'DELIVERED',
  'CLOSED',
] as const;
export const ORDER_STEPS = [...ORDER_FLOW, 'CANCELLED'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];
/** The steps an administrator records (PROFORMA_ISSUED is the order's creation). */
export const RECORDABLE_STEPS = ORDER_STEPS.filter((s): s is Exclude<OrderStep, 'PROFORMA_ISSUED'> => s !== 'PROFORMA_ISSUED');
export type RecordableStep = (typeof RECORDABLE_STEPS)[number];

export const ORDER_STEP_LABELS: Record<OrderStep, string> = {
  PROFORMA_ISSUED: 'Proforma issued',
  ADVANCE_RECEIVED: 'Advance received',
  IN_PRODUCTION: 'In production',
  QUALITY_CHECKED: 'Quality checked',
  PACKED: 'Packed',
  SHIPPED: 'Shipped',
  DOCUMENTS_SENT: 'Documents sent',
  DELIVERED: 'Delivered',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
};

export const DOCUMENT_TYPES = [
  { value: 'COMMERCIAL_INVOICE', label: 'Commercial invoice' },
  { value: 'PACKING_LIST', label: 'Packing list' },
  { value: 'CERTIFICATE_OF_ORIGIN', label: 'Certificate of origin' },
  { value: 'PHYTOSANITARY_CERTIFICATE', label: 'Phytosanitary certificate' },
  { value: 'CERTIFICATE_OF_ANALYSIS', label: 'Certificate of analysis' },
  { value: 'FUMIGATION_CERTIFICATE', label: 'Fumigation certificate' },
  { value: 'BILL_OF_LADING', label: 'Bill of lading' },
  { value: 'INSURANCE_CERTIFICATE', label: 'Insurance certificate' },
  { value: 'OTHER', label: 'Other' },
] as const;

export const ORDER_LIMITS = {
  documentMaxBytes: 20 * 1024 * 1024,
  textMax: 200,
  noteMax: 2000,
  reasonMin: 5,
} as const;

export const ORDER_MESSAGES = {
  stepRequired: 'Step is required',
  stepInvalid: `Step must be one of ${RECORDABLE_STEPS.join(', ')}`,
  dateInvalid: 'Date must be a date (YYYY-MM-DD)',
  dateFuture: 'Date must be today or earlier',
  dateBeforePrevious: (day: string) => `Date must not be before the previous step's date (${day})`,
  amountRequired: 'Amount received is required',
  amountInvalid: 'Amount must be an amount greater than 0 with at most 2 decimals',
  containerNumberRequired: 'Container number is required',
  sealNumberRequired: 'Seal number is required',
  carrierRequired: 'Vessel and voyage, or a flight, are required',
  transportDocumentRequired: 'Bill of lading or air waybill number is required',
  etdRequired: 'ETD is required',
  etaRequired: 'ETA is required',
  etaBeforeEtd: 'ETA must not be before ETD',
  trackingUrlInvalid: 'Tracking link must be an http(s) address',
  courierRequired: 'Courier is required',
  courierTrackingRequired: 'Courier tracking number is required',
  reasonRequired: 'A reason is required to cancel an order',
  reasonMin: `Reason must be at least ${ORDER_LIMITS.reasonMin} characters long`,
  documentTypeRequired: 'Document type is required',
  documentTypeInvalid: 'Document type must be chosen from the list',
  documentRequired: 'Choose a file to attach',
  documentNotAllowed: 'Only PDF, JPEG, PNG or WebP documents are accepted',
  documentTooLarge: 'Document is larger than 20 MB',
  // Success
  ordersFetched: 'Orders fetched successfully',
  orderFetched: 'Order fetched successfully',
  milestoneRecorded: 'Order step recorded',
  deliveryConfirmed: 'Delivery confirmed, thank you',
  documentAdded: 'Document attached',
  documentDeleted: 'Document deleted',
  // Refusals
  orderNotFound: 'Order not found',
  documentNotFound: 'Document not found',
  noProforma: 'This order has no proforma invoice',
  finished: (step: OrderStep) => `This order is ${step} and can no longer change`,
  outOfOrder: (step: OrderStep, expected: OrderStep) => `${step} cannot be recorded now: the next step of this order is ${expected}`,
  cannotCancel: (step: OrderStep) => `An order that is ${step} can no longer be cancelled`,
  alreadyDelivered: 'This order is already marked delivered',
  notShipped: 'This order has not been shipped yet',
} as const;

/** The step fields a milestone keeps, beside its step, day and note. */
export const MILESTONE_FIELDS = [
  'amount',
  'containerNumber',
  'sealNumber',
  'vessel',
  'voyage',
  'flight',
  'billOfLading',
  'airWaybill',
  'etd',
  'eta',
  'trackingUrl',
  'courier',
  'courierTracking',
] as const;
export type MilestoneField = (typeof MILESTONE_FIELDS)[number];

export const MILESTONE_FIELD_LABELS: Record<MilestoneField, string> = {
  amount: 'Amount received',
  containerNumber: 'Container number',
  sealNumber: 'Seal number',
  vessel: 'Vessel',
  voyage: 'Voyage',
  flight: 'Flight',
  billOfLading: 'Bill of lading',
  airWaybill: 'Air waybill',
  etd: 'ETD',
  eta: 'ETA',
  trackingUrl: 'Tracking link',
  courier: 'Courier',
  courierTracking: 'Courier tracking number',
};

/** Texts of the order screens (toasts: loading, then success or the server's message or this default). */
export const ORDER_UI = {
  myOrders: 'My Orders',
  orders: 'Orders',
  noOrders: 'No orders yet',
  noMatches: 'No orders match these filters',
  timeline: 'Timeline',
  documents: 'Documents',
  noDocuments: 'No documents yet',
  proforma: 'Proforma invoice (PDF)',
  track: 'Track shipment',
  eta: 'ETA',
  late: 'Late',
  recordStep: 'Record the next step',
  confirmDelivery: 'Confirm delivery',
  confirmDeliveryQuestion: 'Has your order arrived?',
  attach: 'Attach document',
  deleteDocumentConfirm: 'Are you sure you want to delete this document ?',
  loading: {
    fetchOrders: 'Loading orders...',
    fetchOrder: 'Loading order...',
    milestone: 'Recording step...',
    delivered: 'Confirming delivery...',
    upload: 'Uploading document...',
    deleteDocument: 'Deleting document...',
  },
  errors: {
    fetchOrders: 'Error in fetching orders !',
    fetchOrder: 'Error in loading order !',
    milestone: 'Error in recording step',
    delivered: 'Error in confirming delivery',
    upload: 'Error in uploading document',
    deleteDocument: 'Error in deleting document',
  },
} as const;
