/**
 * The orders' steps, fields and texts without zod (order.ts re-exports them, beside its schemas),
 * the texts from the English message file.
 */
import { documentTypes, messages, milestoneFields, orderSteps } from '../locales/en/desk.json';
import { refusals } from '../locales/en/messages.json';
import { interpolate } from './i18n/translator.js';

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

export const ORDER_STEP_LABELS: Record<OrderStep, string> = orderSteps;

export const DOCUMENT_TYPES = (Object.keys(documentTypes) as Array<keyof typeof documentTypes>).map((value) => ({
  value,
  label: documentTypes[value],
}));

export const ORDER_LIMITS = {
  documentMaxBytes: 20 * 1024 * 1024,
  textMax: 200,
  noteMax: 2000,
  reasonMin: 5,
} as const;

export const ORDER_MESSAGES = {
  ...messages.order.server,
  dateBeforePrevious: (day: string) => interpolate(refusals.orderDateBeforePrevious, { day }),
  finished: (step: OrderStep) => interpolate(refusals.orderFinished, { step }),
  outOfOrder: (step: OrderStep, expected: OrderStep) => interpolate(refusals.orderOutOfOrder, { step, expected }),
  cannotCancel: (step: OrderStep) => interpolate(refusals.orderCannotCancel, { step }),
};

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

export const MILESTONE_FIELD_LABELS: Record<MilestoneField, string> = milestoneFields;

/** The order screens' toasts: loading, then success or the server's message or this default. */
export const ORDER_UI = { loading: messages.order.loading, errors: messages.order.errors };
