import { INCOTERMS, type QuoteOffer } from '@agro/shared';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { moneyText } from '@/lib/money';

/**
 * The lines of an offer a buyer decides on: price, total for the quantity, terms, validity, in the
 * page's language (the Incoterm's code and its ICC name as the trade writes them). A line marked
 * `typed` is the company's own words (a port, the payment terms), shown in their own direction.
 */
function offerRows(offer: QuoteOffer, quantity: string): [label: string, value: string, typed?: true][] {
  const incoterm = INCOTERMS.find((i) => i.code === offer.incoterm)?.label ?? offer.incoterm;
  const money = (minor: number) => moneyText(minor, offer.currency);
  return [
    [t('offer.unitPrice'), t('offer.unitPriceValue', { price: money(offer.unitPriceMinor), unit: offer.priceBasis })],
    [t('offer.totalFor', { quantity }), money(offer.totalMinor)],
    [t('offer.incoterm'), `${offer.incoterm} (${incoterm})`],
    [t('offer.portOfLoading'), offer.portOfLoading, true],
    [t('offer.destination'), offer.destination, true],
    [t('offer.leadTime'), t('offer.leadTimeDays', { count: offer.leadTimeDays })],
    [t('offer.paymentTerms'), offer.paymentTerms, true],
    [t('offer.validUntil'), formatDate(`${offer.validUntil}T12:00:00Z`) ?? offer.validUntil],
  ];
}

interface OfferSummaryProps {
  offer: QuoteOffer;
  /** e.g. "1,200 KG" */
  quantity: string;
  compact?: boolean;
}

export function OfferSummary({ offer, quantity, compact = false }: OfferSummaryProps) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 ${compact ? 'text-sm' : 'text-sm sm:text-base'}`}>
      {offerRows(offer, quantity).map(([label, value, typed], index) => (
        <div key={label} className="contents">
          <dt className="text-gray-600">{label}</dt>
          {/* The second line is the total. Typed words keep their own direction: '30% advance' stays one line of English on an Arabic page. */}
          <dd dir={typed ? 'auto' : undefined} className={`break-words text-gray-900 ${index === 1 ? 'font-semibold' : ''}`}>
            {value}
          </dd>
        </div>
      ))}
      {offer.note && (
        <div className="contents">
          <dt className="text-gray-600">{t('offer.note')}</dt>
          <dd dir="auto" className="break-words text-gray-900">
            {offer.note}
          </dd>
        </div>
      )}
    </dl>
  );
}
