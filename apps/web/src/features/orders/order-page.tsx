import {
  BEFORE_SHIPMENT,
  DOCUMENT_TYPES,
  MILESTONE_FIELD_LABELS,
  ORDER_STEP_LABELS,
  ORDER_UI,
  STEP_FIELDS,
  inSpecOrder,
  milestoneMessageOrder,
  milestoneSchema,
  nextOrderStep,
  offerToday,
  packagingLabel,
  type MilestoneField,
  type Order,
  type OrderStep,
} from '@agro/shared';
import { useEffect, useId, useState, type FormEvent, type ReactElement } from 'react';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '@/app/store';
import { ConfirmDialog } from '@/components/ui/dialog';
import { PageHero } from '@/components/ui/page-hero';
import { formatDate } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { attachDocument, confirmDelivery, deleteDocument, fetchOrder, recordStep } from './order-api';
import { OrderDocuments, OrderTimeline, Shipment, StepBadge, dayText, orderTotal } from './order-parts';

const INPUT_TYPES: Partial<Record<MilestoneField, string>> = { etd: 'date', eta: 'date', trackingUrl: 'url' };

/**
 * The administrator's form for the order's next step (or its cancellation before shipment). Keyed
 * by the order's step where it is used, so a recorded step starts a fresh form.
 */
function StepForm({ order, onSaved }: { order: Order; onSaved: (o: Order) => void }) {
  const next = nextOrderStep(order.step);
  const choices: OrderStep[] = [...(next ? [next] : []), ...(BEFORE_SHIPMENT.includes(order.step) ? (['CANCELLED'] as const) : [])];
  const [step, setStep] = useState<OrderStep | ''>(choices[0] ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (choices.length === 0) return null;
  const fields = step ? (STEP_FIELDS[step] ?? []) : [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { step, at: values.at || undefined, note: values.note, ...Object.fromEntries(fields.map((f) => [f, values[f] ?? ''])) };
    const parsed = milestoneSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of inSpecOrder(parsed.error.issues, milestoneMessageOrder)) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onSaved((await recordStep(order._id, body)).order);
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string, label: string, input: ReactElement) => (
    <div key={name}>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {input}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const textInput = (name: string, type = 'text', extra: Record<string, string> = {}) => (
    <input
      id={`${id}-${name}`}
      type={type}
      className="input mt-1"
      value={values[name] ?? ''}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      {...extra}
    />
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm"
      noValidate
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
        {ORDER_UI.recordStep}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {field(
          'step',
          'Step',
          <select
            id={`${id}-step`}
            className="input mt-1"
            value={step}
            onChange={(e) => {
              setStep(e.target.value as OrderStep);
              setErrors({});
            }}
          >
            {choices.map((s) => (
              <option key={s} value={s}>
                {ORDER_STEP_LABELS[s]}
              </option>
            ))}
          </select>,
        )}
        {field('at', 'Date (today when left empty)', textInput('at', 'date', { max: offerToday() }))}
        {fields.map((f) =>
          field(
            f,
            f === 'amount' ? `${MILESTONE_FIELD_LABELS[f]} (${order.terms.currency})` : MILESTONE_FIELD_LABELS[f],
            textInput(f, INPUT_TYPES[f] ?? 'text'),
          ),
        )}
        {field(
          'note',
          step === 'CANCELLED' ? 'Reason' : 'Note (optional)',
          <textarea
            id={`${id}-note`}
            className="input mt-1"
            rows={2}
            value={values.note ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, note: e.target.value }))}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${id}-note-error` : undefined}
          />,
        )}
      </div>
      <button type="submit" className={`mt-4 ${step === 'CANCELLED' ? 'btn-danger' : 'btn-primary'}`} disabled={busy || !step}>
        {step === 'CANCELLED' ? 'Cancel the order' : `Record ${step ? ORDER_STEP_LABELS[step] : ''}`}
      </button>
    </form>
  );
}

/** The administrator's upload of an export document. */
function DocumentForm({ order, onSaved }: { order: Order; onSaved: (o: Order) => void }) {
  const id = useId();
  const [type, setType] = useState<string>(DOCUMENT_TYPES[0].value);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    const form = new FormData();
    form.append('type', type);
    form.append('document', file);
    setBusy(true);
    try {
      onSaved((await attachDocument(order._id, form)).order);
      setFile(null);
      setInputKey((k) => k + 1);
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
        {ORDER_UI.attach}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-type`} className="block text-sm font-medium text-gray-800">
            Document type
          </label>
          <select id={`${id}-type`} className="input mt-1" value={type} onChange={(e) => setType(e.target.value)}>
            {DOCUMENT_TYPES.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-gray-800">
            File (PDF, JPEG, PNG or WebP, up to 20 MB)
          </label>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            className="mt-1 block w-full text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
      </div>
      <button type="submit" className="btn-primary mt-4" disabled={busy || !file}>
        {ORDER_UI.attach}
      </button>
    </form>
  );
}

/** /orders/{id}: the order (its buyer or an administrator); administrators record its next step here. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const role = useAppSelector((s) => s.auth.role);
  const admin = role === 'ADMIN';
  const [order, setOrder] = useState<Order | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(order ? `Order ${order.orderNumber}` : 'Order');

  useEffect(() => {
    fetchOrder(id).then(
      (res) => setOrder(res.order),
      () => setOrder(null),
    );
  }, [id]);

  const removeDocument = async () => {
    if (!order || !toDelete) return;
    setBusy(true);
    try {
      setOrder((await deleteDocument(order._id, toDelete)).order);
      setToDelete(null);
    } catch {
      // The dialog stays for another try or Cancel.
    } finally {
      setBusy(false);
    }
  };
  const delivered = async () => {
    if (!order) return;
    setBusy(true);
    try {
      setOrder((await confirmDelivery(order._id)).order);
      setConfirming(false);
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };

  const back = admin ? { to: '/orders', label: 'All orders' } : { to: '/my-orders', label: ORDER_UI.myOrders };
  return (
    <>
      <PageHero eyebrow="Order" title={order ? `Order ${order.orderNumber}` : 'Order'} />
      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <p className="text-sm">
          <Link to={back.to} className="font-medium text-brand-800 underline underline-offset-2">
            {back.label}
          </Link>
        </p>
        {order === undefined ? (
          <div role="status" className="mt-6 h-48 animate-pulse rounded-2xl bg-gray-100">
            <span className="sr-only">Loading order</span>
          </div>
        ) : order === null ? (
          <p className="mt-6 text-gray-800">This order could not be loaded.</p>
        ) : (
          <div className="mt-6 space-y-6">
            <section aria-label="Order terms" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <p className="text-sm text-gray-700">
                  Accepted {formatDate(order.createdAt)} against quotation {order.terms.quotationNumber} · ship by {dayText(order.shipBy)}
                </p>
                <StepBadge order={order} />
              </div>
              <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                {(
                  [
                    ['Buyer', `${order.buyer.companyName} (${order.buyer.contactPersonName}), ${order.buyer.country}`],
                    ['Product', `${order.terms.productName}${order.terms.hsCode ? ` (HS ${order.terms.hsCode})` : ''}`],
                    [
                      'Quantity',
                      `${order.terms.quantity.toLocaleString('en-IN')} ${order.terms.unit}, ${packagingLabel(order.terms.packagingType)}`,
                    ],
                    ['Unit price', `${order.terms.currency} ${order.terms.unitPrice} per ${order.terms.unit}`],
                    ['Total', orderTotal(order)],
                    ['Incoterm', `${order.terms.incoterm} ${order.terms.destination}`],
                    ['Port of loading', order.terms.portOfLoading],
                    ['Payment terms', order.terms.paymentTerms],
                    ['Lead time', `${order.terms.leadTimeDays} days`],
                  ] as const
                ).map(([k, v]) => (
                  <div key={k} className="flex gap-2">
                    <dt className="font-semibold text-gray-800">{k}:</dt>
                    <dd className="break-words text-gray-700">{v}</dd>
                  </div>
                ))}
              </dl>
              <div className="mt-4">
                <Shipment order={order} />
              </div>
              {!admin && order.step === 'DOCUMENTS_SENT' && (
                <button type="button" className="btn-primary mt-4" onClick={() => setConfirming(true)}>
                  {ORDER_UI.confirmDelivery}
                </button>
              )}
            </section>
            <div className="grid gap-6 md:grid-cols-2">
              <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
                <OrderTimeline order={order} headingLevel={2} />
              </div>
              <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
                <OrderDocuments order={order} {...(admin ? { onDelete: setToDelete } : {})} />
              </div>
            </div>
            {admin && (
              <div className="grid gap-6 md:grid-cols-2">
                <StepForm key={order.step} order={order} onSaved={setOrder} />
                <DocumentForm order={order} onSaved={setOrder} />
              </div>
            )}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        message={ORDER_UI.deleteDocumentConfirm}
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => void removeDocument()}
        onCancel={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={confirming}
        message={ORDER_UI.confirmDeliveryQuestion}
        confirmLabel={ORDER_UI.confirmDelivery}
        busy={busy}
        onConfirm={() => void delivered()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
