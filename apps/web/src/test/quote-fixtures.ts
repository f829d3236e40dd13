import type { Quote } from '@agro/shared';

/** A quote as the API lists it: NEW, no offer; `overrides` replace fields. */
export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  const quote: Omit<Quote, 'items'> = {
    _id: 'q1',
    companyName: 'Global Foods LLC',
    contactPersonName: 'Maria Lopez',
    companyEmail: 'maria@globalfoods.com',
    mobileNumber: '+34 600 123 456',
    country: 'Spain',
    address: 'Calle Mayor 10, Madrid',
    requiredQty: 2500,
    packagingType: 'CORRUGATED_BOX',
    isCustomPackagingRequired: true,
    productId: {
      _id: 'p1',
      productName: 'Organic Jaggery Powder',
      productType: 'AGRO',
      productQuantityType: 'KG',
      isPremium: false,
      isOrganic: true,
    },
    deliveryLocation: 'Port of Valencia, Spain',
    isUrgent: false,
    additionalInfo: '',
    heardFrom: 'Google',
    quotedByEmail: 'asha@example.com',
    createdAt: '2025-07-03T09:30:00.000Z',
    status: 'NEW',
    offer: null,
    replyDueAt: '2025-07-04T09:30:00.000Z',
    firstReplyAt: null,
    ...overrides,
  };
  // Issue 45: a one-line quote's line is its own product fields (its id, as the migration made them, the quote's).
  const { productId, requiredQty, packagingType, isCustomPackagingRequired } = quote;
  return { ...quote, items: overrides.items ?? [{ _id: quote._id, productId, requiredQty, packagingType, isCustomPackagingRequired }] };
}
