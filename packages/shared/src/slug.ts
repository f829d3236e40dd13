/**
 * Product addresses: /products/{slug}, the slug made from the product's name. The server keeps
 * every slug a product ever had, so an old link still finds it (301 to the current one).
 */

/** Longest slug made from a name, before any "-2" suffix. */
export const SLUG_MAX_LENGTH = 80;

/** "Organic Jaggery Powder (1 kg)" -> "organic-jaggery-powder-1-kg"; never empty. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, '');
  return slug || 'product';
}

/** The public address of a product's page. */
export function productPath(slug: string): string {
  return `/products/${slug}`;
}

/** The query parameters of the product list (/products): its search, type filter and page number. */
export const PRODUCT_LIST_PARAMS = { search: 'q', type: 'type', page: 'page' } as const;

/** The query parameter of /products/description that names the product (SPEC.md: `?id=`). */
export const PRODUCT_ID_PARAM = 'id';
