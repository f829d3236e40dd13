import { offerToday, type QuotationDefaults, type QuoteDetail } from '@agro/shared';
import type { OfferFormValues } from './offer-form';

/**
 * What the administrator's offer form starts with for this quote.
 * - A later offer starts from the current one (price, currency, Incoterm, ports, lead time,
 *   payment terms): the usual revision changes one or two of them. Validity and note start fresh.
 * - The first offer starts from the quotation defaults of the site settings (port of loading,
 *   payment terms, lead time, validity) and what the buyer asked for in 'Trade Terms (optional)': the
 *   Incoterm, the destination (else the spec's delivery location), the currency, and the target
 *   price when it is per the unit the offer is priced in.
 */
export function offerPrefill(quote: QuoteDetail, defaults?: QuotationDefaults): Partial<OfferFormValues> {
  const values = firstPrefill(quote, defaults);
  if (quote.items.length < 2) return values;
  // Issue 45: a price per line, from the current offer's lines (and its other quantities) when there is one.
  const current = quote.offer?.lines ?? [];
  return {
    ...values,
    lines: quote.items.map((item) => {
      const line = current.find((l) => l.itemId === item._id);
      return { itemId: item._id, unitPrice: line?.unitPrice ?? '', quantity: line?.quantityChanged ? String(line.quantity) : '' };
    }),
  };
}

function firstPrefill(quote: QuoteDetail, defaults?: QuotationDefaults): Partial<OfferFormValues> {
  const current = quote.offer;
  if (current) {
    return {
      unitPrice: current.unitPrice,
      currency: current.currency,
      incoterm: current.incoterm,
      portOfLoading: current.portOfLoading,
      destination: current.destination,
      leadTimeDays: String(current.leadTimeDays),
      paymentTerms: current.paymentTerms,
    };
  }
  const terms = quote.tradeTerms;
  const values: Partial<OfferFormValues> = { destination: terms?.destinationPort ?? quote.deliveryLocation };
  // The company's quotation defaults (site settings): port, payment terms, lead time, validity.
  if (defaults) {
    values.portOfLoading = defaults.portOfLoading;
    values.paymentTerms = defaults.paymentTerms;
    values.leadTimeDays = String(defaults.leadTimeDays);
    values.validUntil = offerToday(Date.now() + defaults.validityDays * 86_400_000);
  }
  if (!terms) return values;
  if (terms.incoterm) values.incoterm = terms.incoterm;
  if (terms.targetCurrency) values.currency = terms.targetCurrency;
  const unit = quote.productId?.productQuantityType;
  if (terms.targetPrice && terms.targetPriceUnit && terms.targetPriceUnit === unit) values.unitPrice = terms.targetPrice;
  return values;
}
