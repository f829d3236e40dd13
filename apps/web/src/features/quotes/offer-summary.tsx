import { formatMoney, INCOTERMS, type QuoteOffer } from '@agro/shared';
import { formatDate } from '@/lib/format';

/** The lines of an offer a buyer decides on: price, total for the quantity, terms, validity. */
export function offerRows(offer: QuoteOffer, quantity: string): [string, string][] {
  const incoterm = INCOTERMS.find((i) => i.code === offer.incoterm)?.label ?? offer.incoterm;
  return [
    ['Unit price', `${formatMoney(offer.unitPriceMinor, offer.currency)} per ${offer.priceBasis}`],
    [`Total for ${quantity}`, formatMoney(offer.totalMinor, offer.currency)],
    ['Incoterm', `${offer.incoterm} (${incoterm})`],
    ['Port of loading', offer.portOfLoading],
    ['Destination', offer.destination],
    ['Lead time', `${offer.leadTimeDays} days`],
    ['Payment terms', offer.paymentTerms],
    ['Valid until', formatDate(`${offer.validUntil}T12:00:00Z`) ?? offer.validUntil],
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
      {offerRows(offer, quantity).map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-600">{label}</dt>
          <dd className={`break-words text-gray-900 ${label.startsWith('Total') ? 'font-semibold' : ''}`}>{value}</dd>
        </div>
      ))}
      {offer.note && (
        <div className="contents">
          <dt className="text-gray-600">Note</dt>
          <dd className="break-words text-gray-900">{offer.note}</dd>
        </div>
      )}
    </dl>
  );
}
