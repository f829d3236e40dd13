import {
  API,
  MILESTONE_FIELD_LABELS,
  ORDER_FLOW,
  ORDER_STEP_LABELS,
  ORDER_UI,
  documentTypeLabel,
  formatMoney,
  type Order,
  type OrderMilestone,
  type OrderStep,
} from '@agro/shared';
import { CheckIcon, DownloadIcon, FileTextIcon, TrashIcon } from '@/components/ui/icons';
import { API_BASE_URL } from '@/lib/config';
import { formatDate } from '@/lib/format';

/** A 'YYYY-MM-DD' day as "14 Jun 2026". */
export const dayText = (day: string | null | undefined): string => (day ? (formatDate(`${day}T12:00:00Z`) ?? day) : '');

export const orderTotal = (o: Order) => formatMoney(o.terms.totalMinor, o.terms.currency);

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
        {ORDER_STEP_LABELS[order.step]}
      </span>
      {order.late && (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300">
          {ORDER_UI.late}
        </span>
      )}
    </span>
  );
}

function milestoneLines(m: OrderMilestone, currency: string): string[] {
  const lines: string[] = [];
  for (const [key, label] of Object.entries(MILESTONE_FIELD_LABELS) as [keyof typeof MILESTONE_FIELD_LABELS, string][]) {
    const value = m[key];
    if (!value || key === 'trackingUrl') continue;
    lines.push(`${label}: ${key === 'amount' ? `${currency} ${value}` : key === 'etd' || key === 'eta' ? dayText(value) : value}`);
  }
  if (m.note) lines.push(`${m.step === 'CANCELLED' ? 'Reason' : 'Note'}: ${m.note}`);
  return lines;
}

/** Every step of the flow: the ones done with their day and details, the current one marked, the rest to come. */
export function OrderTimeline({ order, headingLevel = 3 }: { order: Order; headingLevel?: 2 | 3 }) {
  const done = new Map(order.milestones.map((m) => [m.step, m]));
  const cancelled = done.get('CANCELLED');
  const steps: OrderStep[] = cancelled ? [...ORDER_FLOW.filter((s) => done.has(s)), 'CANCELLED'] : [...ORDER_FLOW];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-label={`${ORDER_UI.timeline} of order ${order.orderNumber}`}>
      <Heading className="text-base font-semibold text-gray-900">{ORDER_UI.timeline}</Heading>
      <ol className="mt-3 space-y-3 border-s-2 border-gray-200 ps-4">
        {steps.map((step) => {
          const m = done.get(step);
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
                {ORDER_STEP_LABELS[step]}
                {m ? ` · ${dayText(m.at)}` : ''}
                {current ? ' (current step)' : ''}
                {!m && <span className="sr-only"> (to come)</span>}
              </p>
              {m && milestoneLines(m, order.terms.currency).length > 0 && (
                <ul className="mt-1 space-y-0.5 text-sm text-gray-700">
                  {milestoneLines(m, order.terms.currency).map((line) => (
                    <li key={line} className="break-words">
                      {line}
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
          <span className="font-semibold">{ORDER_UI.eta}:</span> {dayText(order.eta)}
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
          {ORDER_UI.track} (opens in a new tab)
        </a>
      )}
    </p>
  );
}

/** The proforma and the order's documents as download links (the browser sends the session cookie). */
export function OrderDocuments({ order, onDelete }: { order: Order; onDelete?: (docId: string) => void }) {
  const link = 'inline-flex items-center gap-1.5 font-medium text-brand-800 underline underline-offset-2';
  return (
    <section aria-label={`${ORDER_UI.documents} of order ${order.orderNumber}`}>
      <h3 className="text-base font-semibold text-gray-900">{ORDER_UI.documents}</h3>
      <ul className="mt-2 space-y-2 text-sm">
        <li>
          <a href={`${API_BASE_URL}${API.orderProforma(order._id)}`} download className={link}>
            <FileTextIcon size={16} />
            {ORDER_UI.proforma}
          </a>
        </li>
        {order.documents.map((d) => (
          <li key={d._id} className="flex flex-wrap items-center gap-2">
            <a href={`${API_BASE_URL}${API.orderDocument(order._id, d._id)}`} download className={link}>
              <DownloadIcon size={16} />
              {documentTypeLabel(d.type)}: {d.fileName}
            </a>
            <span className="text-xs text-gray-600">
              {Math.max(1, Math.round(d.bytes / 1024)).toLocaleString('en-IN')} KB · {formatDate(d.createdAt)}
            </span>
            {onDelete && (
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded-lg border border-red-200 px-2 py-1 text-xs text-red-700 hover:bg-red-50"
                onClick={() => onDelete(d._id)}
                aria-label={`Delete ${documentTypeLabel(d.type)}: ${d.fileName}`}
              >
                <TrashIcon size={14} />
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      {order.documents.length === 0 && <p className="mt-2 text-sm text-gray-600">{ORDER_UI.noDocuments}</p>}
    </section>
  );
}
