import {
  BEFORE_SHIPMENT,
  DOCUMENT_TYPES,
  HANDLING_TEXT,
  STEP_FIELDS,
  inSpecOrder,
  milestoneMessageOrder,
  milestoneSchema,
  nextOrderStep,
  offerToday,
  type MilestoneField,
  type Order,
  type OrderStep,
} from '@agro/shared';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '@/store/store';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ConversationPanel } from '@/components/thread/conversation-panel';
import { HandlingForm } from '@/components/leads/handling-form';
import { PageHero } from '@/components/ui/page-hero';
import { formatDate, formatNumber } from '@/lib/format';
import { moneyText } from '@/lib/money';
import { localizeMessage, t } from '@/lib/i18n';
import { LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { packagingText } from '@/lib/option-labels';
import { useAdminTexts } from '@/lib/use-admin-texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { attachDocument, confirmDelivery, deleteDocument, fetchOrder, recordStep, rereadOrder, saveFollowUp } from './order-api';
import {
  OrderDocuments,
  OrderTimeline,
  Shipment,
  StepBadge,
  amountText,
  dayText,
  documentTypeName,
  fieldLabel,
  orderTitle,
  orderTotal,
  stepName,
} from './order-parts';

const INPUT_TYPES: Partial<Record<MilestoneField, string>> = { etd: 'date', eta: 'date', trackingUrl: 'url' };

/**
 * The administrator's form for the order's next step (or its cancellation before shipment). Keyed
 * by the order's step where it is used, so a recorded step starts a fresh form.
 */
/** Runs a change of the order and shows the order it leaves (OrderPage's `save`). */
type Save = (change: () => Promise<{ order: Order }>) => Promise<void>;

function StepForm({ order, save }: { order: Order; save: Save }) {
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
      await save(() => recordStep(order._id, body));
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
          {localizeMessage(errors[name])}
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
        {t('order.recordStep')}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {field(
          'step',
          t('order.step'),
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
                {stepName(s)}
              </option>
            ))}
          </select>,
        )}
        {field('at', t('order.date'), textInput('at', 'date', { max: offerToday() }))}
        {fields.map((f) =>
          field(
            f,
            f === 'amount' ? t('order.amountIn', { label: fieldLabel(f), currency: order.terms.currency }) : fieldLabel(f),
            textInput(f, INPUT_TYPES[f] ?? 'text'),
          ),
        )}
        {field(
          'note',
          step === 'CANCELLED' ? t('order.reason') : t('order.noteOptional'),
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
        {step === 'CANCELLED' ? t('order.cancelOrder') : t('order.record', { step: step ? stepName(step) : '' })}
      </button>
    </form>
  );
}

/** The administrator's upload of an export document. */
function DocumentForm({ order, save }: { order: Order; save: Save }) {
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
      await save(() => attachDocument(order._id, form));
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
        {t('order.attach')}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-type`} className="block text-sm font-medium text-gray-800">
            {t('order.documentType')}
          </label>
          <select id={`${id}-type`} className="input mt-1" value={type} onChange={(e) => setType(e.target.value)}>
            {DOCUMENT_TYPES.map((d) => (
              <option key={d.value} value={d.value}>
                {documentTypeName(d.value)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-gray-800">
            {t('order.file')}
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
        {t('order.attach')}
      </button>
    </form>
  );
}

/** The order's terms that are words typed by the buyer or the company, not the page's own texts. */
const TYPED_TERMS: ReadonlySet<string> = new Set(['buyer', 'product', 'incoterm', 'portOfLoading', 'paymentTerms']);
/** The terms that are a line's (issue 45): an order of several lines shows them per line. */
const LINE_TERMS: ReadonlySet<string> = new Set(['product', 'quantity', 'unitPrice']);

/** /orders/{id}: the order (its buyer or an administrator); administrators record its next step here. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const role = useAppSelector((s) => s.auth.role);
  const admin = role === 'ADMIN';
  const [order, setOrder] = useState<Order | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The follow-up day's form speaks from the administrators' texts: loaded for them only.
  const adminTexts = useAdminTexts(admin);
  useDocumentTitle(order ? orderTitle(order) : t('order.order'));

  useEffect(() => {
    fetchOrder(id).then(
      (res) => setOrder(res.order),
      () => setOrder(null),
    );
  }, [id]);

  // Changes may overlap (a step recorded, and a document attached before the step's answer is back).
  // Each answer is the order as the server had it at that moment, so the one that arrives last is
  // not always the newest: after changes that overlapped, the order is read again.
  const inFlight = useRef(0);
  const overlapped = useRef(false);
  const save = useCallback<Save>(
    async (change) => {
      inFlight.current += 1;
      if (inFlight.current > 1) overlapped.current = true;
      try {
        const { order: saved } = await change();
        if (!overlapped.current) setOrder(saved);
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0 && overlapped.current) {
          overlapped.current = false;
          rereadOrder(id).then(
            (res) => setOrder(res.order),
            () => undefined,
          );
        }
      }
    },
    [id],
  );

  const removeDocument = async () => {
    if (!order || !toDelete) return;
    setBusy(true);
    try {
      await save(() => deleteDocument(order._id, toDelete));
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
      await save(() => confirmDelivery(order._id));
      setConfirming(false);
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
    }
  };

  const back = admin ? { to: '/orders', label: t('order.allOrders') } : { to: '/my-orders', label: t('order.myOrders') };
  return (
    <>
      <PageHero eyebrow={t('order.order')} title={order ? orderTitle(order) : t('order.order')} />
      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <p className="text-sm">
          <Link to={back.to} className="font-medium text-brand-800 underline underline-offset-2">
            {back.label}
          </Link>
        </p>
        {order === undefined ? (
          <div role="status" className="mt-6 h-48 animate-pulse rounded-2xl bg-gray-100">
            <span className="sr-only">{t('order.loadingOrder')}</span>
          </div>
        ) : order === null ? (
          <p className="mt-6 text-gray-800">{t('order.notLoaded')}</p>
        ) : (
          <div className="mt-6 space-y-6">
            <section aria-label={t('order.termsLabel')} className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <p className="text-sm text-gray-700">
                  {withLtr(
                    t('order.acceptedAgainst', {
                      date: formatDate(order.createdAt) ?? '',
                      number: LTR_SLOT,
                      shipBy: dayText(order.shipBy),
                    }),
                    order.terms.quotationNumber,
                  )}
                </p>
                <StepBadge order={order} />
              </div>
              <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                {(
                  [
                    ['buyer', `${order.buyer.companyName} (${order.buyer.contactPersonName}), ${order.buyer.country}`],
                    ['product', `${order.terms.productName}${order.terms.hsCode ? ` (HS ${order.terms.hsCode})` : ''}`],
                    [
                      'quantity',
                      withLtr(
                        t('order.quantityValue', { quantity: LTR_SLOT, packaging: packagingText(order.terms.packagingType) }),
                        `${formatNumber(order.terms.quantity)} ${order.terms.unit}`,
                      ),
                    ],
                    [
                      'unitPrice',
                      t('order.unitPriceValue', {
                        price: amountText(order.terms.unitPrice, order.terms.currency),
                        unit: order.terms.unit,
                      }),
                    ],
                    ['total', orderTotal(order)],
                    ['incoterm', `${order.terms.incoterm} ${order.terms.destination}`],
                    ['portOfLoading', order.terms.portOfLoading],
                    ['paymentTerms', order.terms.paymentTerms],
                    ['leadTime', t('order.leadTimeDays', { count: order.terms.leadTimeDays })],
                  ] as const
                )
                  // Several lines: the product, quantity and price are each line's, listed under Items,
                  // not the first line's alone.
                  .filter(([k]) => order.items.length <= 1 || !LINE_TERMS.has(k))
                  .map(([k, v]) => (
                    <div key={k} className="flex gap-2">
                      <dt className="font-semibold text-gray-800">{t('order.termLabel', { label: t(`order.${k}`) })}</dt>
                      {/* The buyer's and the company's own words keep their own direction ('30% advance' on an Arabic page). */}
                      <dd dir={TYPED_TERMS.has(k) ? 'auto' : undefined} className="break-words text-gray-700">
                        {v}
                      </dd>
                    </div>
                  ))}
              </dl>
              {order.items.length > 1 && (
                // Issue 45: an order made from a quote of several lines lists every line.
                <div className="mt-4">
                  <h2 className="text-sm font-semibold text-gray-900">{t('quoteLineForm.orderItems')}</h2>
                  <ol className="mt-2 list-decimal space-y-1 ps-5 text-sm text-gray-700">
                    {order.items.map((item, i) => (
                      <li key={`${item.productId ?? item.productName}-${i}`}>
                        <bdi className="font-medium text-gray-900">{item.productName}</bdi>
                        {item.hsCode ? ` (HS ${item.hsCode})` : ''}:{' '}
                        {t('quoteLineForm.offerLine', {
                          quantity: formatNumber(item.quantity),
                          unit: item.unit,
                          price: moneyText(item.unitPriceMinor, order.terms.currency),
                          total: moneyText(item.totalMinor, order.terms.currency),
                        })}
                        {t('listSeparator')}
                        {packagingText(item.packagingType)}
                      </li>
                    ))}
                  </ol>
                </div>
              )}
              <div className="mt-4">
                <Shipment order={order} />
              </div>
              {!admin && order.step === 'DOCUMENTS_SENT' && (
                <button type="button" className="btn-primary mt-4" onClick={() => setConfirming(true)}>
                  {t('order.confirmDelivery')}
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
                <StepForm key={order.step} order={order} save={save} />
                <DocumentForm order={order} save={save} />
              </div>
            )}
            {admin && adminTexts && (
              <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
                <HandlingForm
                  followUpOn={order.followUpOn}
                  onSave={(body) => save(() => saveFollowUp(order._id, { followUpOn: body.followUpOn }))}
                  failure={HANDLING_TEXT.followUpFailed}
                  headingLevel={2}
                />
              </div>
            )}
            {/* The whole conversation: the quote's (how the deal was made, read here), then the order's own. */}
            {order.quoteId && (
              <ConversationPanel kind="quote" id={order.quoteId} admin={admin} heading={t('conversation.quoteHeading')} canWrite={false} />
            )}
            <ConversationPanel kind="order" id={order._id} admin={admin} heading={t('conversation.heading')} anchorId="messages" />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        message={t('order.deleteDocumentConfirm')}
        confirmLabel={t('order.delete')}
        danger
        busy={busy}
        onConfirm={() => void removeDocument()}
        onCancel={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={confirming}
        message={t('order.confirmDeliveryQuestion')}
        confirmLabel={t('order.confirmDelivery')}
        busy={busy}
        onConfirm={() => void delivered()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
