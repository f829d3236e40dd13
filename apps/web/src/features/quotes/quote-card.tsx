import { WhatsAppButton } from '@/components/ui/whatsapp-button';
import { API, SITE, formatMoney, type Quote } from '@agro/shared';
import {
  BuildingIcon,
  CalendarIcon,
  CheckIcon,
  CloseIcon,
  DownloadIcon,
  EyeIcon,
  PackageIcon,
  TrashIcon,
  UserIcon,
} from '@/components/ui/icons';
import { Link } from 'react-router';
import { API_BASE_URL } from '@/lib/config';
import { OfferSummary } from './offer-summary';
import { formatDate, formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';
import { Ltr, LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { quantityText, quoteBadge, type QuoteBadge } from './quote-format';
import { packagingText } from '@/lib/option-labels';
import { StatusBadge } from './status-badge';
import { UnreadBadge } from '@/components/thread/unread-badge';
import { OwnerLine } from '@/components/leads/owner-line';
import { ReplyClock } from '@/components/leads/reply-clock';

/** SPAM_REASON_TEXT's keys in the administrators' catalogue (inquiries.spamReason). */
const SPAM_KEY = { honeypot: 'honeypot', 'too-fast': 'tooFast', links: 'links', pattern: 'pattern' } as const;

const BADGE_STYLE: Record<QuoteBadge, string> = {
  Premium: 'bg-amber-100 text-amber-900 ring-amber-300',
  Organic: 'bg-brand-100 text-brand-900 ring-brand-600/40',
  Standard: 'bg-gray-100 text-gray-800 ring-gray-300',
};

interface QuoteCardProps {
  quote: Quote;
  /**
   * ADMIN cards show the contact person and the view/delete buttons, in the administrators' texts
   * (loaded by the list before it shows them); USER cards the badge.
   */
  admin: boolean;
  onView?: (quote: Quote) => void;
  onDelete?: (quote: Quote) => void;
  /** USER cards: the buyer's decision on the current offer (each behind a confirmation). */
  onAccept?: (quote: Quote) => void;
  onDecline?: (quote: Quote) => void;
  /** ADMIN cards of a quote held as spam: release it (its mails go then). */
  onNotSpam?: (quote: Quote) => void;
  /** USER cards: the address of the quote's conversation on this page (issue 40). */
  messagesHref?: string;
  busy?: boolean;
}

export function QuoteCard({ quote, admin, onView, onDelete, onAccept, onDecline, onNotSpam, messagesHref, busy }: QuoteCardProps) {
  const product = quote.productId;
  const productName = product?.productName ?? t('quoteCard.noLongerListed');
  const badge = quoteBadge(product);
  const date = formatDate(quote.createdAt);
  const offer = quote.offer;
  return (
    <article className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base font-semibold text-gray-900">
          {productName}
          {/* Issue 45: a quote of several lines names its first product and how many more. */}
          {quote.items.length > 1 && ' '}
          {quote.items.length > 1 && (
            <span className="ms-1 whitespace-nowrap text-sm font-medium text-gray-700">
              {t('quoteLineForm.more', { n: formatNumber(quote.items.length - 1) })}
            </span>
          )}
        </h3>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <StatusBadge status={quote.status} />
          <UnreadBadge count={quote.unread} />
          {admin && <ReplyClock lead={quote} />}
          {admin && quote.spamReason && (
            <span className="shrink-0 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300">
              {t('inquiries.heldAsSpam')}
            </span>
          )}
          {!admin && (
            <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${BADGE_STYLE[badge]}`}>{badge}</span>
          )}
        </div>
      </div>
      {admin && quote.spamReason && <p className="mt-2 text-sm text-red-900">{t(`inquiries.spamReason.${SPAM_KEY[quote.spamReason]}`)}</p>}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
        <dt className="flex items-center gap-1.5 text-gray-600">
          <PackageIcon size={15} /> {t('quoteCard.quantity')}
        </dt>
        <dd className="font-medium text-gray-900">
          <Ltr>
            {formatNumber(quote.requiredQty)} {product?.productQuantityType ?? ''}
          </Ltr>
        </dd>
        <dt className="text-gray-600 ps-[21px]">{t('quoteCard.packaging')}</dt>
        <dd className="text-gray-900">{packagingText(quote.packagingType)}</dd>
        <dt className="flex items-center gap-1.5 text-gray-600">
          <BuildingIcon size={15} /> {t('quoteCard.company')}
        </dt>
        <dd className="break-words text-gray-900">{quote.companyName}</dd>
        {admin && (
          <>
            <dt className="flex items-center gap-1.5 text-gray-600">
              <UserIcon size={15} /> {t('quoteCardAdmin.contact')}
            </dt>
            <dd className="break-words text-gray-900">{quote.contactPersonName}</dd>
          </>
        )}
        <dt className="flex items-center gap-1.5 text-gray-600">
          <CalendarIcon size={15} /> {t('quoteCard.date')}
        </dt>
        <dd className="text-gray-900">{date ?? t('profile.notAvailable')}</dd>
        {admin && offer && (
          <>
            <dt className="text-gray-600 ps-[21px]">{t('quoteCardAdmin.offer')}</dt>
            <dd className="text-gray-900">
              {t('quoteCardAdmin.offerLine', {
                total: formatMoney(offer.totalMinor, offer.currency),
                incoterm: offer.incoterm,
                date: formatDate(`${offer.validUntil}T12:00:00Z`) ?? '',
              })}
            </dd>
          </>
        )}
      </dl>
      {!admin && quote.items.length > 1 && (
        // Issue 45: the buyer's own view of every line of the request.
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-brand-800">{t('quoteLineForm.lines')}</summary>
          <ol className="mt-2 list-decimal space-y-1 ps-5 text-gray-800">
            {quote.items.map((item) => (
              <li key={item._id}>
                <bdi>{item.productId?.productName ?? t('quoteCard.noLongerListed')}</bdi>
                {t('listSeparator')}
                {t('quoteLineForm.lineSummary', {
                  quantity: formatNumber(item.requiredQty),
                  unit: item.productId?.productQuantityType ?? '',
                  packaging: packagingText(item.packagingType),
                })}
                {item.isCustomPackagingRequired && `${t('listSeparator')}${t('quoteLineForm.customPacking')}`}
              </li>
            ))}
          </ol>
        </details>
      )}
      {admin && <OwnerLine lead={quote} className="mt-3" />}
      {!admin && quote.status === 'REJECTED' && quote.rejectionReason && (
        <section aria-label={t('quoteCard.reasonLabel')} className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3">
          <h4 className="text-sm font-semibold text-gray-900">{t('quoteCard.reasonFrom', { company: SITE.companyName })}</h4>
          <p className="mt-1 break-words text-sm text-gray-800">{quote.rejectionReason}</p>
        </section>
      )}
      {!admin && offer && (
        <section
          aria-label={t('quoteCard.offer', { number: offer.quotationNumber })}
          className="mt-4 rounded-xl border border-gray-200 bg-gray-50 p-3"
        >
          <h4 className="mb-2 text-sm font-semibold text-gray-900">
            {withLtr(t('quoteCard.offer', { number: LTR_SLOT }), offer.quotationNumber)}
          </h4>
          <OfferSummary offer={offer} quantity={quantityText(quote)} items={quote.items} compact />
          {quote.status === 'EXPIRED' && <p className="mt-2 text-sm font-medium text-orange-900">{t('quoteCard.expired')}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            {(quote.status === 'QUOTED' || quote.status === 'CHANGES_REQUESTED') && (
              <>
                <button type="button" className="btn-primary py-1.5 text-sm" onClick={() => onAccept?.(quote)}>
                  <CheckIcon size={16} /> {t('quoteCard.accept')}
                </button>
                <button type="button" className="btn-secondary py-1.5 text-sm" onClick={() => onDecline?.(quote)}>
                  <CloseIcon size={16} /> {t('quoteCard.decline')}
                </button>
              </>
            )}
            {quote.status === 'ACCEPTED' && (
              // The accepted offer became an order (issue 27): its progress and documents are in My Orders.
              <Link to="/my-orders" className="btn-primary py-1.5 text-sm">
                {t('quoteCard.followOrder')}
              </Link>
            )}
            <a
              className="btn-secondary py-1.5 text-sm"
              href={`${API_BASE_URL}${API.quotePdf(quote._id)}`}
              download={`${offer.quotationNumber}.pdf`}
            >
              <DownloadIcon size={16} /> {t('quoteCard.pdf')}
            </a>
            <WhatsAppButton
              className="btn-secondary py-1.5 text-sm"
              text={t('quoteCard.whatsappText', { company: SITE.companyName, number: offer.quotationNumber })}
            />
          </div>
        </section>
      )}
      {!admin && messagesHref && (
        <div className="mt-auto pt-4">
          {/* A link: the conversation has an address (`?quote=<id>#messages`, as the mails' link). */}
          <Link
            to={messagesHref}
            preventScrollReset
            className="btn-secondary w-full py-1.5 text-sm"
            aria-label={t('conversation.openLabel', { name: productName })}
          >
            {t('conversation.open')}
          </Link>
        </div>
      )}
      {admin && (
        <div className="mt-5 flex gap-2 border-t border-gray-100 pt-4">
          {quote.spamReason && (
            <button
              type="button"
              className="btn-secondary py-1.5 text-sm"
              disabled={busy}
              onClick={() => onNotSpam?.(quote)}
              aria-label={t('quoteCardAdmin.notSpamLabel', { company: quote.companyName })}
            >
              {t('inquiries.notSpam')}
            </button>
          )}
          <button
            type="button"
            className="btn-secondary flex-1 py-1.5 text-sm"
            onClick={() => onView?.(quote)}
            aria-label={t('quoteCardAdmin.viewLabel', { company: quote.companyName })}
          >
            <EyeIcon size={16} /> {t('quoteCardAdmin.view')}
          </button>
          <button
            type="button"
            className="inline-flex items-center justify-center rounded-lg border border-red-200 px-3 py-1.5 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
            onClick={() => onDelete?.(quote)}
            aria-label={t('quoteCardAdmin.deleteLabel', { company: quote.companyName })}
          >
            <TrashIcon size={16} />
          </button>
        </div>
      )}
    </article>
  );
}
