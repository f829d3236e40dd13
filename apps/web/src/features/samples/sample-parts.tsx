import { COURIER_NAMES, type Sample, type SampleStatus } from '@agro/shared';
import { Ltr, LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { formatDate, formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';

const TONE: Record<SampleStatus, string> = {
  REQUESTED: 'bg-amber-100 text-amber-900 ring-amber-300',
  APPROVED: 'bg-sky-100 text-sky-900 ring-sky-300',
  DECLINED: 'bg-red-100 text-red-900 ring-red-300',
  DISPATCHED: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  DELIVERED: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
};

export const sampleStatusName = (status: SampleStatus): string => t(`samples.status.${status}`);

export function SampleStatusBadge({ status }: { status: SampleStatus }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONE[status]}`}>{sampleStatusName(status)}</span>;
}

/** 'Onion flakes 250 g · Garlic powder 500 g', each part isolated (Latin names and figures on a right-to-left page). */
export function SampleItems({ sample }: { sample: Sample }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-gray-800">
      {sample.items.map((item, i) => (
        <li key={`${item.productId ?? ''}-${i}`}>
          <bdi>{item.productName}</bdi> <Ltr>{t('samples.grams', { grams: formatNumber(item.grams) })}</Ltr>
        </li>
      ))}
    </ul>
  );
}

/** How the courier is paid: the buyer's account (shown to that buyer and the company only) or on delivery. */
export function SampleShipping({ sample }: { sample: Sample }) {
  const account = sample.courierAccount;
  if (!account) return <>{t('samples.payOnDelivery')}</>;
  return withLtr(t('samples.courierAccount', { account: LTR_SLOT }), `${COURIER_NAMES[account.courier]} ${account.accountNumber}`);
}

/** The dispatch: courier, day, tracking number and the courier's tracking page. */
export function SampleTracking({ sample }: { sample: Sample }) {
  const dispatch = sample.dispatch;
  if (!dispatch) return null;
  const courier = COURIER_NAMES[dispatch.courier];
  return (
    <p className="text-sm text-gray-700">
      {withLtr(t('samples.dispatchedWith', { courier, date: formatDate(dispatch.at) ?? '', number: LTR_SLOT }), dispatch.trackingNumber)}{' '}
      <a
        href={dispatch.trackingUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand-800 underline underline-offset-2"
        aria-label={t('samples.trackLabel', { courier })}
      >
        {t('samples.track')}
      </a>
    </p>
  );
}
