import {
  WEBHOOK_EVENTS,
  type ApiResult,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEvent,
  ACCOUNT_API,
} from '@agro/shared';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { SendIcon } from '@/components/ui/icons';
import { LoadFailed, Loading } from '@/components/ui/load-state';
import { Ltr } from '@/components/ui/ltr';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, request, withToast } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { localizeMessage, t } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; webhooks: Webhook[] };

/** Each event's name for people (the message files' keys cannot hold its dot). */
const EVENT_LABELS = {
  'quote.created': () => t('webhooks.event.quote_created'),
  'inquiry.created': () => t('webhooks.event.inquiry_created'),
  'quote.changed': () => t('webhooks.event.quote_changed'),
  'order.changed': () => t('webhooks.event.order_changed'),
  'message.created': () => t('webhooks.event.message_created'),
  'sample.changed': () => t('webhooks.event.sample_changed'),
} satisfies Record<WebhookEvent, () => string>;
const eventLabel = (event: WebhookEvent) => EVENT_LABELS[event]();

function lastDeliveryText(webhook: Webhook): string {
  const last = webhook.lastDelivery;
  if (!last) return t('webhooks.never');
  if (last.status === 'delivered') return t('webhooks.lastDelivered', { status: String(last.responseStatus ?? '') });
  return last.status === 'pending' ? t('webhooks.lastPending') : t('webhooks.lastFailed');
}

/** One endpoint's latest deliveries, each with the receiver's answer, and 'Send again'. */
function Deliveries({ webhook }: { webhook: Webhook }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setDeliveries(
        (await request<ApiResult & { deliveries: WebhookDelivery[] }>('GET', ACCOUNT_API.webhookDeliveries(webhook._id))).deliveries,
      );
    } catch {
      setFailed(true);
    }
  }, [webhook._id]);
  useEffect(() => {
    void load();
  }, [load]);

  const sendAgain = async (delivery: WebhookDelivery) => {
    setBusy(delivery._id);
    try {
      const answer = await withToast(
        () => request<ApiResult & { delivery: WebhookDelivery }>('POST', ACCOUNT_API.retryWebhookDelivery(delivery._id), {}),
        { loading: t('webhooks.sending'), success: (a) => localizeMessage(a.message), error: t('webhooks.sendError') },
      );
      setDeliveries((list) => list?.map((d) => (d._id === answer.delivery._id ? answer.delivery : d)) ?? null);
    } catch {
      // The toast said so.
    } finally {
      setBusy(null);
    }
  };

  if (failed) {
    return <LoadFailed className="mt-3" message={t('webhooks.loadError')} retryLabel={t('webhooks.retry')} onRetry={() => void load()} />;
  }
  if (!deliveries) return <Loading className="mt-3" label={t('webhooks.loading')} />;
  if (deliveries.length === 0) return <p className="mt-3 text-sm text-gray-600">{t('webhooks.noDeliveries')}</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[36rem] text-start text-sm">
        <caption className="sr-only">{t('webhooks.deliveriesCaption', { url: webhook.url })}</caption>
        <thead>
          <tr className="border-b border-gray-200 text-gray-700">
            {[
              t('webhooks.colEvent'),
              t('webhooks.colStatus'),
              t('webhooks.colTries'),
              t('webhooks.colLastTry'),
              t('webhooks.colAnswer'),
            ].map((label) => (
              <th key={label} scope="col" className="p-2 text-start font-semibold">
                {label}
              </th>
            ))}
            <td />
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => {
            const time = formatDateTime(d.createdAt);
            return (
              <tr key={d._id} className="border-b border-gray-100 align-top">
                <td className="p-2">{eventLabel(d.event)}</td>
                <td className="p-2">{t(`webhooks.status.${d.status}`)}</td>
                <td className="p-2">{d.attempts}</td>
                <td className="p-2">{d.lastAttemptAt ? formatDateTime(d.lastAttemptAt) : '-'}</td>
                <td className="max-w-[16rem] p-2 break-words">
                  {d.responseStatus !== null ? <Ltr>{String(d.responseStatus)}</Ltr> : t('webhooks.noAnswer')}
                  {/* What the receiver said, else why there was no answer. */}
                  {(d.responseBody || d.error) && <span className="block text-xs text-gray-600">{d.responseBody || d.error}</span>}
                </td>
                <td className="p-2 text-end">
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1.5 text-sm"
                    disabled={busy !== null}
                    aria-label={t('webhooks.sendAgainNamed', { event: eventLabel(d.event), time })}
                    onClick={() => void sendAgain(d)}
                  >
                    {busy === d._id && <Spinner />}
                    {t('webhooks.sendAgain')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The /settings part where an administrator connects the company's other systems (issue 44,
 * item 5): endpoints with the events they want, the signing secret shown once, each endpoint's
 * deliveries with the receiver's answers.
 */
export function WebhooksSection() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['quote.created', 'inquiry.created']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [busy, setBusy] = useState(false);
  const eventsId = useId();

  const fetchWebhooks = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', webhooks: (await request<ApiResult & { webhooks: Webhook[] }>('GET', ACCOUNT_API.webhooks)).webhooks });
    } catch {
      setLoad({ state: 'error' });
    }
  }, []);
  useEffect(() => {
    void fetchWebhooks();
  }, [fetchWebhooks]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setAdding(true);
    setErrors({});
    try {
      const created = await withToast(() => request<WebhookCreated>('POST', ACCOUNT_API.addWebhook, { url, events }), {
        loading: t('webhooks.adding'),
        success: (a) => localizeMessage(a.message),
        error: t('webhooks.addError'),
      });
      setSecret({ url: created.webhook.url, secret: created.secret });
      setUrl('');
      setLoad((l) => (l.state === 'ready' ? { state: 'ready', webhooks: [...l.webhooks, created.webhook] } : l));
    } catch (e) {
      // What was typed stays; the field the server named says why.
      if (e instanceof ApiError && e.serverMessage) {
        const message = localizeMessage(e.serverMessage);
        // The events' refusal names them ('Choose at least one event'); any other is the address's.
        setErrors(events.length === 0 ? { events: message } : { url: message });
      }
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await withToast(() => request<ApiResult>('DELETE', ACCOUNT_API.deleteWebhook(deleting._id)), {
        loading: t('webhooks.deleting'),
        success: (a) => localizeMessage(a.message),
        error: t('webhooks.deleteError'),
      });
      const gone = deleting._id;
      setLoad((l) => (l.state === 'ready' ? { state: 'ready', webhooks: l.webhooks.filter((w) => w._id !== gone) } : l));
      setDeleting(null);
    } catch {
      // The toast said so; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.secret);
      showToast('success', t('webhooks.copied'));
    } catch {
      // No clipboard here (an insecure page, a refusal): the secret stays shown to copy by hand.
    }
  };

  return (
    <FormSection title={t('webhooks.title')} icon={<SendIcon />}>
      <p className="text-sm text-gray-700">{t('webhooks.intro')}</p>
      {load.state === 'loading' && <Loading label={t('webhooks.loading')} />}
      {load.state === 'error' && (
        <LoadFailed message={t('webhooks.loadError')} retryLabel={t('webhooks.retry')} onRetry={() => void fetchWebhooks()} />
      )}
      {load.state === 'ready' &&
        (load.webhooks.length === 0 ? (
          <p className="mt-4 text-sm text-gray-600">{t('webhooks.empty')}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {load.webhooks.map((w) => (
              <li key={w._id} className="rounded-lg border border-gray-200 p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium break-all text-gray-900">
                      <Ltr>{w.url}</Ltr>
                    </p>
                    <p className="text-sm text-gray-700">{w.events.map(eventLabel).join(' · ')}</p>
                    <p className="text-sm text-gray-600">{lastDeliveryText(w)}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1.5 text-sm"
                      aria-expanded={open === w._id}
                      aria-label={open === w._id ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveriesNamed', { url: w.url })}
                      onClick={() => setOpen(open === w._id ? null : w._id)}
                    >
                      {open === w._id ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
                    </button>
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1.5 text-sm"
                      aria-label={t('webhooks.deleteNamed', { url: w.url })}
                      onClick={() => setDeleting(w)}
                    >
                      {t('webhooks.delete')}
                    </button>
                  </div>
                </div>
                {open === w._id && <Deliveries webhook={w} />}
              </li>
            ))}
          </ul>
        ))}

      {secret && (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4" role="status">
          <p className="font-semibold text-gray-900">{t('webhooks.secretTitle', { url: secret.url })}</p>
          <p className="text-sm text-gray-700">{t('webhooks.secretHint')}</p>
          <p className="mt-2 font-mono text-sm break-all text-gray-900">
            <Ltr>{secret.secret}</Ltr>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => void copy()}>
              {t('webhooks.copy')}
            </button>
            <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={() => setSecret(null)}>
              {t('webhooks.done')}
            </button>
          </div>
        </div>
      )}

      <form className="mt-6 space-y-4" onSubmit={(e) => void add(e)} noValidate>
        <Field label={t('webhooks.address')} hint={t('webhooks.addressHint')} error={errors.url} required>
          <input
            type="url"
            className="input"
            dir="ltr"
            inputMode="url"
            autoComplete="off"
            placeholder="https://crm.example.com/hooks/agro"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        <fieldset aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
          <legend className="text-sm font-medium text-gray-800">{t('webhooks.events')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((event) => (
              <CheckboxField
                key={event}
                label={eventLabel(event)}
                checked={events.includes(event)}
                onChange={(e) => setEvents(e.target.checked ? [...events, event] : events.filter((x) => x !== event))}
              />
            ))}
          </div>
          {errors.events && (
            <p id={`${eventsId}-error`} className="mt-1 text-sm text-red-700">
              {errors.events}
            </p>
          )}
        </fieldset>
        <button type="submit" className="btn-primary" disabled={adding}>
          {adding && <Spinner />}
          {t('webhooks.add')}
        </button>
      </form>

      <ConfirmDialog
        open={deleting !== null}
        message={t('webhooks.deleteConfirm')}
        confirmLabel={t('webhooks.delete')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </FormSection>
  );
}
