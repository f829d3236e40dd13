import type { Quote, QuoteProductRef } from '@agro/shared';
import { formatNumber } from '@/lib/format';

export type QuoteBadge = 'Premium' | 'Organic' | 'Standard';

/** SPEC.md section 2: premium first, then organic, else standard. */
export function quoteBadge(product: Pick<QuoteProductRef, 'isPremium' | 'isOrganic'> | null | undefined): QuoteBadge {
  if (product?.isPremium) return 'Premium';
  if (product?.isOrganic) return 'Organic';
  return 'Standard';
}

/** "1,200 KG": the requested quantity with the product's unit. */
export function quantityText(quote: Pick<Quote, 'requiredQty' | 'productId'>): string {
  return `${formatNumber(quote.requiredQty)} ${quote.productId?.productQuantityType ?? ''}`.trim();
}
