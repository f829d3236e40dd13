import {
  API,
  DOCUMENT_TYPE_VALUES,
  MILESTONE_FIELDS,
  ORDER_FLOW,
  minorDigits,
  parseMinorUnits,
  type Currency,
  type DocumentType,
  type MilestoneField,
  type Order,
  type OrderMilestone,
  type OrderStep,
} from '@agro/shared';
import type { ReactNode } from 'react';
import { CheckIcon, DownloadIcon, FileTextIcon, TrashIcon } from '@/components/ui/icons';
import { LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { isolated } from '@/lib/isolate';
import { API_BASE_URL } from '@/lib/config';
import { formatDate, formatNumber } from '@/lib/format';
import { pageLanguage, t } from '@/lib/i18n';
import { moneyText } from '@/lib/money';

/** A 'YYYY-MM-DD' day as "14 Jun 2026". */
export const dayText = (day: string | null | undefined): string => (day ? (formatDate(`${day}T12:00:00Z`) ?? day) : '');

export const orderTotal = (o: Order) => moneyText(o.terms.totalMinor, o.terms.currency);

/**
 * An amount the order holds as a decimal ("4446.00"): English as it always showed it ("USD
 * 4446.00"), the other languages through Intl.
 */
export function amountText(decimal: string, currency: Currency): string {
  const minor = pageLanguage() === 'en' ? null : parseMinorUnits(decimal, minorDigits(currency));
  return minor === null ? `${currency} ${decimal}` : moneyText(minor, currency);
}

/** A step's name in the page's language. */
export const stepName = (step: OrderStep): string => t(`orderSteps.${step}`);

/** A document type's name in the page's language (an unknown type as it came). */
export const documentTypeName = (type: string): string =>
  (DOCUMENT_TYPE_VALUES as readonly string[]).includes(type) ? t(`documentTypes.${type as DocumentType}`) : type;

/** A milestone field's label in the page's language. */
export const fieldLabel = (field: MilestoneField): string => t(`milestoneFields.${field}`);

/** "Order ORD-2026-0007" as plain text (the page's title). */
export const orderTitle = (o: Order): string => t('order.title', { number: isolated(o.orderNumber) });

/** `text` with its LTR_SLOT replaced by `value` in a <bdi> of its own direction (a file name, a note). */
function withIsolated(text: string, value: ReactNode) {
  const [before = '', after = ''] = text.split(LTR_SLOT);
  return (
    <>
      {before}
      <bdi>{value}</bdi>
      {after}
    </>
  );
}

/** Codes the trade writes in Latin letters: container, seal, B/L and waybill numbers, vessel, flight, courier. */
const LTR_FIELDS: readonly MilestoneField[] = [
  'containerNumber',
  'sealNumber',
  'vessel',
  'voyage',
  'flight',
  'billOfLading',
  'airWaybill',
  'courier',
  'courierTracking',
];

const STEP_TONE: Partial<Record<OrderStep, string>> = {
  CANCELLED: 'bg-red-100 text-red-900 ring-red-300',
  CLOSED: 'bg-gray-100 text-gray-800 ring-gray-300',
  DELIVERED: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  SHIPPED: 'bg-sky-100 text-sky-900 ring-sky-300',
  DOCUMENTS_SENT: 'bg-sky-100 text-sky-900 ring-sky-300',
};

export function StepBadge({ order }: { order: Order }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STEP_TONE[order.step] ?? 'bg-amber-100 text-amber-900 ring-amber-300'}`}
      >
        {stepName(order.step)}
      </span>
      {order.late && (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300">
          {t('order.late')}
        </span>
      )}
    </span>
  );
}

interface MilestoneLine {
  key: string;
  label: string;
  value: string;
  /** A code written left to right (isolated on a right-to-left page). */
  ltr: boolean;
}

function milestoneLines(m: OrderMilestone, currency: Currency): MilestoneLine[] {
  const lines: MilestoneLine[] = [];
  for (const key of MILESTONE_FIELDS) {
    const value = m[key];
    if (!value || key === 'trackingUrl') continue;
    lines.push({
      key,
      label: fieldLabel(key),
      value: key === 'amount' ? amountText(value, currency) : key === 'etd' || key === 'eta' ? dayText(value) : value,
      ltr: LTR_FIELDS.includes(key),
    });
  }
  if (m.note) lines.push({ key: 'note', label: m.step === 'CANCELLED' ? t('order.reason') : t('order.note'), value: m.note, ltr: false });
  return lines;
}

function MilestoneLineText({ line }: { line: MilestoneLine }) {
  const text = t('order.line', { label: line.label, value: LTR_SLOT });
  return line.ltr ? withLtr(text, line.value) : withIsolated(text, line.value);
}

/** Every step of the flow: the ones done with their day and details, the current one marked, the rest to come. */
export function OrderTimeline({ order, headingLevel = 3 }: { order: Order; headingLevel?: 2 | 3 }) {
  const done = new Map(order.milestones.map((m) => [m.step, m]));
  const cancelled = done.get('CANCELLED');
  const steps: OrderStep[] = cancelled ? [...ORDER_FLOW.filter((s) => done.has(s)), 'CANCELLED'] : [...ORDER_FLOW];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-label={t('order.timelineOf', { number: isolated(order.orderNumber) })}>
      <Heading className="text-base font-semibold text-gray-900">{t('order.timeline')}</Heading>
      <ol className="mt-3 space-y-3 border-s-2 border-gray-200 ps-4">
        {steps.map((step) => {
          const m = done.get(step);
          const lines = m ? milestoneLines(m, order.terms.currency) : [];
          const current = step === order.step;
          return (
            <li key={step} className="relative" aria-current={current ? 'step' : undefined}>
              <span
                aria-hidden="true"
                className={`absolute -start-[1.4rem] top-0.5 inline-flex size-4 items-center justify-center rounded-full ${m ? 'bg-brand-700 text-white' : 'border-2 border-gray-300 bg-white'}`}
              >
                {m && <CheckIcon size={10} />}
              </span>
              <p className={`text-sm ${m ? 'font-semibold text-gray-900' : 'text-gray-600'}`}>
                {stepName(step)}
                {m ? ` · ${dayText(m.at)}` : ''}
                {current ? ` ${t('order.currentStep')}` : ''}
                {!m && <span className="sr-only"> {t('order.toCome')}</span>}
              </p>
              {lines.length > 0 && (
                <ul className="mt-1 space-y-0.5 text-sm text-gray-700">
                  {lines.map((line) => (
                    <li key={line.key} className="break-words">
                      <MilestoneLineText line={line} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** ETA and the carrier's tracking link, once shipped. */
export function Shipment({ order }: { order: Order }) {
  if (!order.eta && !order.trackingUrl) return null;
  return (
    <p className="text-sm text-gray-800">
      {order.eta && (
        <>
          <span className="font-semibold">{t('order.termLabel', { label: t('order.eta') })}</span> {dayText(order.eta)}
        </>
      )}
      {order.eta && order.trackingUrl && ' · '}
      {order.trackingUrl && (
        <a
          href={order.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-800 underline underline-offset-2"
        >
          {t('order.trackNewTab')}
        </a>
      )}
    </p>
  );
}

/** The proforma and the order's documents as download links (the browser sends the session cookie). */
export function OrderDocuments({ order, onDelete }: { order: Order; onDelete?: (docId: string) => void }) {
  const link = 'inline-flex items-center gap-1.5 font-medium text-brand-800 underline underline-offset-2';
  return (
    <section aria-label={t('order.documentsOf', { number: isolated(order.orderNumber) })}>
      <h3 className="text-base font-semibold text-gray-900">{t('order.documents')}</h3>
      <ul className="mt-2 space-y-2 text-sm">
        <li>
          <a href={`${API_BASE_URL}${API.orderProforma(order._id)}`} download className={link}>
            <FileTextIcon size={16} />
            {t('order.proforma')}
          </a>
        </li>
        {order.documents.map((d) => (
          <li key={d._id} className="flex flex-wrap items-center gap-2">
            <a href={`${API_BASE_URL}${API.orderDocument(order._id, d._id)}`} download className={link}>
              <DownloadIcon size={16} />
              {withIsolated(t('order.document', { type: documentTypeName(d.type), name: LTR_SLOT }), d.fileName)}
            </a>
            <span className="text-xs text-gray-600">
              <bdi dir="ltr">{formatNumber(Math.max(1, Math.round(d.bytes / 1024)))} KB</bdi> · {formatDate(d.createdAt)}
            </span>
            {onDelete && (
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded-lg border border-red-200 px-2 py-1 text-xs text-red-700 hover:bg-red-50"
                onClick={() => onDelete(d._id)}
                aria-label={t('order.deleteDocument', {
                  document: t('order.document', { type: documentTypeName(d.type), name: d.fileName }),
                })}
              >
                <TrashIcon size={14} />
                {t('order.delete')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {order.documents.length === 0 && <p className="mt-2 text-sm text-gray-600">{t('order.noDocuments')}</p>}
    </section>
  );
}
