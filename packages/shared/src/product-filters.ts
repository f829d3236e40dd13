/**
 * The products page's trade filters (issue 43): query parameters of /products, apart from
 * PRODUCT_LIST_PARAMS (slug.ts), which the first page carries, so only the products page holds them.
 */
export const PRODUCT_FILTER_PARAMS = { certification: 'certification', organic: 'organic' } as const;
