import type { Language } from './languages.js';
import type { OwnerPageData } from './owner-pages.js';
import type { PublicSettings } from './settings.js';
import type { GalleryImage, Product } from './types.js';

/**
 * What the server rendered a public page with (docs/decisions/011-server-rendering.md), written
 * into the page as JSON: the server's renderer fills it, the app starts from it.
 */
export interface ServerSnapshot {
  /** The address (path and query) the server rendered, with its language prefix. */
  url: string;
  /** The page's language (its address's prefix; English without one). */
  language: Language;
  /**
   * The site's origin its absolute addresses are built on (PUBLIC_URL, else the origin the request
   * came to): the page's canonical link and og:url, and links the page makes absolute itself.
   */
  origin: string;
  /** Products the page shows (the first ones of the catalogue and its premium ones). */
  products: Product[] | null;
  /** The product of a product page. */
  product: Product | null;
  /** The id a product page asked for that is no product (the page says so from the start). */
  missingProduct: string | null;
  /** Product page addresses (/products/{slug}) the page knows: slug -> product id; kept for the whole visit. */
  slugs: Record<string, string>;
  gallery: GalleryImage[] | null;
  /** The site settings the page was rendered with (the public part). */
  settings: PublicSettings | null;
  /** The page's texts as the owner wrote them (home, about, privacy, terms); null while it reads as the original. */
  ownerPage: OwnerPageData | null;
}
