/**
 * What a public page declares in its <head>: title, description, canonical address, Open Graph
 * and Twitter card tags, and JSON-LD (schema.org Organization on every page; Product and
 * BreadcrumbList on a product's page). Pure functions of the page's data.
 */
import {
  LANGUAGES,
  LANGUAGE_INFO,
  SITE,
  localizedPath,
  socialProfiles as setProfiles,
  type ImageRef,
  type Language,
  type Product,
  type PublicSettings,
  type QuantityType,
  type QuantityWithUnit,
  type Translate,
} from '@agro/shared';
import { escapeHtml } from '../../lib/html.js';
import { translator } from '../../lib/i18n.js';
import { shareImage } from '../images/index.js';

export interface PageHead {
  /** The page's language: its addresses (canonical, alternates) carry its prefix. */
  language: Language;
  title: string;
  description: string;
  /** Path (and query) of the page's canonical address, without a language prefix; none for an address that names no page. */
  canonicalPath?: string;
  /** Absolute URL of the image link previews show. */
  image?: ImageRef | undefined;
  ogType: 'website' | 'product';
  /** Pages that must stay out of search results (unknown addresses, a missing product). */
  noindex?: boolean;
  jsonLd: Record<string, unknown>[];
}

const DESCRIPTION_MAX = 160;

export const defaultTitle = (language: Language): string => translator(language)('head.defaultTitle');
export const defaultDescription = (language: Language): string => translator(language)('head.defaultDescription');

export function pageTitle(name: string, language: Language): string {
  return translator(language)('head.titleOf', { name });
}

/** A description that fits a search result: whole words, at most 160 characters. */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length).replace(/[,.;:]$/, '')}…`;
}

/** schema.org Organization: the company, from its site settings (modules/settings). */
export function organizationLd(origin: string, settings: PublicSettings, language: Language): Record<string, unknown> {
  const a = settings.address;
  const profiles = socialProfiles(setProfiles(settings.socialLinks).map((p) => p.url));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: SITE.companyName,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description: defaultDescription(language),
    foundingDate: String(SITE.foundedYear),
    email: settings.publicEmail,
    telephone: settings.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: a.line1,
      addressLocality: a.city,
      addressRegion: a.state,
      postalCode: a.postalCode,
      addressCountry: a.country.trim().toLowerCase() === 'india' ? 'IN' : a.country,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'sales',
      telephone: settings.phone,
      email: settings.publicEmail,
      availableLanguage: ['English'],
      areaServed: 'Worldwide',
    },
    // Profiles only: a network's home page is not the company.
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
  };
}

/** The company's profile addresses among `urls`: those naming a page, not a network's home page. */
export function socialProfiles(urls: readonly string[]): string[] {
  return urls.filter((url) => URL.canParse(url) && new URL(url).pathname.replace(/\/+$/, '') !== '');
}

/** schema.org Product of a product's page. */
export function productLd(origin: string, product: Product, canonicalPath: string, language: Language): Record<string, unknown> {
  const t = translator(language);
  const url = `${origin}${localizedPath(canonicalPath, language)}`;
  const images = [product.productThumbnail, ...product.productImages].map((i) => i?.secure_url).filter((u): u is string => Boolean(u));
  const properties = productProperties(product, t);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.productName,
    description: product.productDescription,
    image: [...new Set(images)],
    url,
    sku: product._id,
    brand: { '@type': 'Brand', name: SITE.companyName },
    manufacturer: { '@id': `${origin}/#organization` },
    category: product.productType === 'AGRO' ? t('head.agroCategory') : t('head.nonAgroCategory'),
    countryOfOrigin: { '@type': 'Country', name: 'India' },
    ...(properties.length > 0 ? { additionalProperty: properties } : {}),
    ...(product.moq ? { offers: offerLd(origin, product, url) } : {}),
  };
}

/** UN/CEFACT common codes of the quantity types (schema.org's unitCode). */
const UNIT_CODES: Record<QuantityType, string> = { KG: 'KGM', LTR: 'LTR', NOS: 'H87', TONS: 'TNE' };
const quantityText = (q: QuantityWithUnit): string => `${q.quantity} ${q.unit}`;

/**
 * The product's facts as schema.org PropertyValues: its key features, its specifications and its
 * trade facts (issue 43), named in the page's language.
 */
function productProperties(product: Product, t: Translate): Record<string, unknown>[] {
  const property = (name: string, value: string | number, extra: Record<string, unknown> = {}) => ({
    '@type': 'PropertyValue',
    name,
    value,
    ...extra,
  });
  const unit = (u: QuantityType) => ({ unitCode: UNIT_CODES[u], unitText: u });
  return [
    ...product.keyFeatures.map((f) => property(t('head.keyFeature'), f)),
    ...(product.specifications ?? []).map((s) => property(s.name, s.value)),
    ...(product.moq ? [property(t('tradeDetails.moq'), product.moq.quantity, unit(product.moq.unit))] : []),
    ...(product.orderMultiple !== undefined
      ? [property(t('tradeDetails.orderMultiple'), product.orderMultiple, unit(product.productQuantityType))]
      : []),
    ...(product.leadTimeDays !== undefined
      ? [
          property(t('tradeDetails.leadTime'), product.leadTimeDays, {
            unitCode: 'DAY',
            unitText: t('tradeDetails.days', { count: product.leadTimeDays }),
          }),
        ]
      : []),
    ...(product.supplyPerMonth
      ? [
          property(t('tradeDetails.supply'), product.supplyPerMonth.quantity, {
            ...unit(product.supplyPerMonth.unit),
            unitText: t('tradeDetails.perMonth', { quantity: product.supplyPerMonth.unit }),
          }),
        ]
      : []),
    ...(product.packingOptions ?? []).map((p) =>
      property(
        t('tradeDetails.packing'),
        t('tradeDetails.packingOption', {
          packaging: t(`tradeDetails.packagingTypes.${p.packagingType}`, { defaultValue: p.packagingType }),
          quantity: quantityText(p),
        }),
      ),
    ),
    ...(product.certifications ?? []).map((c) => property(t('tradeDetails.certifications'), c)),
    ...(product.portOfLoading ? [property(t('tradeDetails.portOfLoading'), product.portOfLoading)] : []),
    ...(product.hsCode ? [property(t('tradeDetails.hsCode'), product.hsCode)] : []),
  ];
}

/**
 * The company's offer of the product: who sells it, from which quantity (`eligibleQuantity`) and
 * how soon (`deliveryLeadTime`). No price: the company quotes one per request, and none is invented
 * (docs/decisions/036-product-offer-without-price.md says what Google makes of that).
 */
function offerLd(origin: string, product: Product, url: string): Record<string, unknown> {
  const moq = product.moq!;
  return {
    '@type': 'Offer',
    url,
    seller: { '@id': `${origin}/#organization` },
    businessFunction: 'http://purl.org/goodrelations/v1#Sell',
    eligibleQuantity: { '@type': 'QuantitativeValue', minValue: moq.quantity, unitCode: UNIT_CODES[moq.unit], unitText: moq.unit },
    ...(product.leadTimeDays !== undefined
      ? { deliveryLeadTime: { '@type': 'QuantitativeValue', value: product.leadTimeDays, unitCode: 'DAY' } }
      : {}),
  };
}

/** schema.org BreadcrumbList: Home / Products / the product (the breadcrumb the page shows). */
export function breadcrumbLd(origin: string, product: Product, canonicalPath: string, language: Language): Record<string, unknown> {
  const t = translator(language);
  const items: [string, string][] = [
    [t('head.breadcrumbHome'), `${origin}${localizedPath('/', language)}`],
    [t('head.breadcrumbProducts'), `${origin}${localizedPath('/products', language)}`],
    [product.productName, `${origin}${localizedPath(canonicalPath, language)}`],
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, item], i) => ({ '@type': 'ListItem', position: i + 1, name, item })),
  };
}

/** schema.org WebPage: the page itself, in its language (`inLanguage`), part of the site. */
export function webPageLd(
  origin: string,
  head: Pick<PageHead, 'language' | 'title' | 'description' | 'canonicalPath'>,
): Record<string, unknown> {
  const url = head.canonicalPath === undefined ? undefined : `${origin}${localizedPath(head.canonicalPath, head.language)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    ...(url ? { '@id': `${url}#webpage`, url } : {}),
    name: head.title,
    description: head.description,
    inLanguage: LANGUAGE_INFO[head.language].tag,
    isPartOf: { '@type': 'WebSite', '@id': `${origin}/#website`, name: SITE.companyName, url: `${origin}/` },
    publisher: { '@id': `${origin}/#organization` },
  };
}

/** JSON inside <script>: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The <head> elements of a page (title first), as HTML. */
export function headHtml(origin: string, head: PageHead): string {
  const { canonicalPath, language } = head;
  const url = canonicalPath === undefined ? undefined : `${origin}${localizedPath(canonicalPath, language)}`;
  // hreflang: the same page in every language and x-default (English), absolute, the same set on each of them.
  const alternates =
    canonicalPath === undefined
      ? []
      : [
          ...LANGUAGES.map((l) => [LANGUAGE_INFO[l].tag, `${origin}${localizedPath(canonicalPath, l)}`] as const),
          ['x-default', `${origin}${canonicalPath}`] as const,
        ];
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.noindex || !url ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.noindex || !url
      ? []
      : [...alternates.map(([tag, href]) => `<link rel="alternate" hreflang="${tag}" href="${escapeHtml(href)}" />`)]),
    `<meta property="og:site_name" content="${escapeHtml(SITE.companyName)}" />`,
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    ...(url ? [`<meta property="og:url" content="${escapeHtml(url)}" />`] : []),
    `<meta property="og:locale" content="${LANGUAGE_INFO[language].ogLocale}" />`,
    ...LANGUAGES.filter((l) => l !== language).map((l) => `<meta property="og:locale:alternate" content="${LANGUAGE_INFO[l].ogLocale}" />`),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
  ];
  const share = head.image ? shareImage(head.image) : undefined;
  if (share) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(share.url)}" />`,
      ...(share.type ? [`<meta property="og:image:type" content="${share.type}" />`] : []),
      ...(share.width && share.height
        ? [`<meta property="og:image:width" content="${share.width}" />`, `<meta property="og:image:height" content="${share.height}" />`]
        : []),
      `<meta property="og:image:alt" content="${escapeHtml(head.title)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(share.url)}" />`,
      // A structured-data tester's social-media preset asks for both alternative texts.
      `<meta name="twitter:image:alt" content="${escapeHtml(head.title)}" />`,
    );
  }
  for (const ld of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(ld)}</script>`);
  return tags.join('\n    ');
}
