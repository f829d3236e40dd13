/**
 * The public pages rendered on the server (docs/decisions/011-server-rendering.md): home, about,
 * products, each product (/products/{slug}, and /products/description?id= of SPEC.md with its
 * canonical address), gallery, privacy and terms; the 404 page; /sitemap.xml and /robots.txt.
 * A rendered page is kept per content version (the products and gallery counters the database
 * triggers bump), so an unchanged page costs two primary-key reads and a product edit shows at
 * once. Private screens stay the client-rendered shell, marked noindex (plugins/static-files.ts).
 */
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_INFO,
  PREFIXED_LANGUAGES,
  PRODUCT_ID_PARAM,
  PRODUCT_FILTER_PARAMS,
  PRODUCT_LIST_PARAMS,
  localizedPath,
  offerToday,
  splitLanguage,
  type Catalogue,
  type Language,
  productPath,
  publicSettings,
  type GalleryImage,
  type Product,
  type ServerSnapshot,
} from '@agro/shared';
import type { OwnerPage } from '@agro/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isId } from '../../db/ids.js';
import { escapeHtml } from '../../lib/html.js';
import { imageBaseUrl } from '../images/index.js';
import {
  KeyedVersions,
  VersionedValue,
  contentVersion,
  contentVersions,
  sendCached,
  toCachedJson,
  type CachedJson,
  type ContentKind,
} from '../../speed/json-cache.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { EDGE_TAGS, languageTag, productTag } from '../../speed/edge.js';
import { listGalleryImages } from '../gallery/repository.js';
import { ownerDescription } from '../owner-pages/repository.js';
import * as products from '../product/repository.js';
import { translator } from '../../lib/i18n.js';
import {
  breadcrumbLd,
  defaultDescription,
  defaultTitle,
  headHtml,
  organizationLd,
  pageTitle,
  productLd,
  shortDescription,
  webPageLd,
  type PageHead,
} from './head.js';
import type { PageRenderer } from './renderer.js';

const HTML = 'text/html; charset=utf-8';
/** Products a page's snapshot carries: the first ones of the catalogue (a page of cards) and the premium ones. */
const SNAPSHOT_PRODUCTS = 24;
const SNAPSHOT_PREMIUM = 48;
/** Rendered pages kept (per origin and address), least recently used out first. */
const PAGE_CACHE_ENTRIES = 300;
/**
 * And what they may hold together (their plain bytes; each keeps its compressed forms too): with
 * 10,000 products a page is about 230 kB, and a crawler asking for 300 product pages grew the
 * server by 120 MB (docs/performance.md, "Memory").
 */
const PAGE_CACHE_BYTES = 24 * 1024 * 1024;

type HeadKey = `head.${keyof Catalogue['head']}`;
/** The static public pages: title (none: the site's own) and description, from the page's catalogue. */
const STATIC_PAGES: Record<string, { name?: HeadKey; description: HeadKey }> = {
  '/': { description: 'head.defaultDescription' },
  '/about': { name: 'head.aboutName', description: 'head.aboutDescription' },
  '/products': { name: 'head.productsName', description: 'head.productsDescription' },
  '/gallery': { name: 'head.galleryName', description: 'head.galleryDescription' },
  '/privacy': { name: 'head.privacyName', description: 'head.privacyDescription' },
  '/terms': { name: 'head.termsName', description: 'head.termsDescription' },
};

/** The pages the owner writes (issue 43, item 3), by route. */
const OWNER_PAGE_ROUTES: Record<string, OwnerPage | undefined> = {
  '/': 'home',
  '/about': 'about',
  '/privacy': 'privacy',
  '/terms': 'terms',
};

/** /products/description without an id: the page asks the visitor to choose a product. */
const PRODUCT_WITHOUT_ID = '/products/description (no id)';

/**
 * The query parameters a page reads. Any other (utm_source, fbclid, gclid: links shared on
 * WhatsApp, LinkedIn or e-mail carry one, often unique per click) changes nothing on the page: it
 * is left out of the address the page is rendered and cached at, so such a visit is answered from
 * the cache instead of costing a render (20-90 ms) and pushing real pages out of it.
 */
const PAGE_PARAMS: Record<string, readonly string[]> = {
  '/products': [...Object.values(PRODUCT_LIST_PARAMS), ...Object.values(PRODUCT_FILTER_PARAMS)],
  '/products/description': [PRODUCT_ID_PARAM],
};

/**
 * Where every unknown address is rendered: the app shows the same page-not-found for all of them,
 * so junk traffic (scanners trying thousands of paths) costs one render per content version, not one each.
 */
const NOT_FOUND_URL = '/404';

/** The address `route`'s page is rendered and cached at for a request to `requestUrl`. */
export function pageUrl(route: string, requestUrl: string): string {
  if (route === '*') return NOT_FOUND_URL;
  const query = requestUrl.indexOf('?');
  const requestPath = query === -1 ? requestUrl : requestUrl.slice(0, query);
  const pathname = route in STATIC_PAGES ? route : requestPath.length > 1 ? requestPath.replace(/\/+$/, '') : requestPath;
  const names = PAGE_PARAMS[pathname];
  if (!names || query === -1) return pathname;
  const given = new URLSearchParams(requestUrl.slice(query + 1));
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The language of a request's address and the address without its prefix ('/ar/products?x' -> ar, '/products?x'). */
export function bareUrl(requestUrl: string): { language: Language; url: string } {
  const query = requestUrl.indexOf('?');
  const { language, path } = splitLanguage(query === -1 ? requestUrl : requestUrl.slice(0, query));
  return { language, url: query === -1 ? path : `${path}${requestUrl.slice(query)}` };
}

/** Pages whose snapshot holds the gallery. */
const GALLERY_PAGES = new Set(['/gallery']);

/** A product's page: the product and its current slug, or the id that is no product. */
interface ProductPage {
  product?: Product;
  slug?: string | undefined;
  missing?: string;
}

interface Page {
  status: number;
  head: PageHead;
  snapshot: ServerSnapshot;
}

/**
 * What a page shows, as edge-cache tags (speed/edge.ts): every page carries the first products
 * and the company's details in its snapshot and names the web build's assets; the gallery page
 * the gallery, a product's page its product.
 */
function pageTags(page: Page): string[] {
  const { snapshot } = page;
  return [
    EDGE_TAGS.pages,
    languageTag(snapshot.language),
    EDGE_TAGS.settings,
    EDGE_TAGS.products,
    ...(snapshot.gallery ? [EDGE_TAGS.gallery] : []),
    ...(snapshot.product ? [productTag(snapshot.product._id)] : []),
  ];
}

/**
 * What a page is valid for: one format for the cache key the page is kept under and the front
 * lane's check, which must compare equal. The settings' version and the day (India time: a
 * certification past its date leaves the pages by itself) are part of it.
 */
function pageVersionOf(versions: Record<ContentKind, string>, build: string): string {
  return `${versions.products}/${versions.gallery}/${versions.settings}/${offerToday()}/${build}`;
}

/** What the sitemap is valid for (it lists products and the gallery's last change only). */
function sitemapVersionOf(products: string, gallery: string): string {
  return `${products}/${gallery}`;
}

export class PublicPages {
  private readonly slugs = new VersionedValue<{
    owners: Map<string, { productId: string; current: string }>;
    current: Map<string, string>;
  }>();
  private readonly catalogue = new KeyedVersions<Product[]>(8);
  private readonly rendered = new KeyedVersions<{ status: number; body: CachedJson; tags: string[] }>(PAGE_CACHE_ENTRIES, undefined, {
    maxBytes: PAGE_CACHE_BYTES,
    sizeOf: ({ body }) => body.size,
  });
  private readonly sitemap = new KeyedVersions<CachedJson>(4);

  constructor(
    private readonly app: FastifyInstance,
    private readonly renderer: PageRenderer | undefined,
  ) {}

  /** Absolute URLs of pages are built on PUBLIC_URL, else on the origin the request came to. */
  private origin(request: FastifyRequest): string {
    return this.app.config.publicUrl ?? requestOrigin(request);
  }

  /** Every slug (current and old) -> its product; products written without a slug get one first. */
  private slugIndex(version: string) {
    return this.slugs.get(version, async () => {
      await products.ensureSlugs(this.app.db);
      const owners = await products.listSlugOwners(this.app.db);
      return { owners, current: new Map([...owners.values()].map((o) => [o.productId, o.current])) };
    });
  }

  /** The snapshot's products in `language` (translated fields where set): kept per origin and language. */
  private shownProducts(baseUrl: string, version: string, language: Language): Promise<Product[]> {
    return this.catalogue.get(`${baseUrl} ${language}`, version, async () => {
      const db = this.app.db;
      const [first, premium] = await Promise.all([
        products.listProducts(db, baseUrl, { limit: SNAPSHOT_PRODUCTS, offset: 0 }),
        products.listProducts(db, baseUrl, { limit: SNAPSHOT_PREMIUM, offset: 0 }, undefined, { premiumOnly: true }),
      ]);
      // In the catalogue's own order (newest first), as GET /api/v1/product/all lists them.
      const byId = new Map([...first, ...premium].map((p) => [p._id, p]));
      return (await products.translateProducts(db, [...byId.values()], language)).sort((a, b) =>
        a.createdAt === b.createdAt ? b._id.localeCompare(a._id) : b.createdAt.localeCompare(a.createdAt),
      );
    });
  }

  /** The page at `url` (path and query); `pathname` is its route, `product` a product page's product. */
  private async page(request: FastifyRequest, url: string, route: string, language: Language, productPage?: ProductPage): Promise<Page> {
    const t = translator(language);
    const origin = this.origin(request);
    const baseUrl = imageBaseUrl(request);
    const version = await contentVersion(this.app, 'products');
    const shown = await this.shownProducts(baseUrl, version, language);
    const gallery: GalleryImage[] | null = GALLERY_PAGES.has(route) ? await listGalleryImages(this.app.db, baseUrl) : null;
    // 'Usually replies within N hours' (issue 41): the stored figure, never computed for a page.
    const settings = publicSettings(await this.app.siteSettings(), offerToday(), await this.app.replyTime.hours());
    // The texts the owner wrote for this page (issue 43), when they did.
    const ownerPageName = OWNER_PAGE_ROUTES[route];
    const ownerPage = ownerPageName ? await this.app.ownerPage(ownerPageName, language) : null;
    const snapshot: ServerSnapshot = {
      url,
      language,
      origin,
      products: shown,
      product: productPage?.product ?? null,
      missingProduct: productPage?.missing ?? null,
      slugs: productPage?.product && productPage.slug ? { [productPage.slug]: productPage.product._id } : {},
      gallery,
      settings,
      ownerPage: ownerPage?.updatedAt ? ownerPage : null,
    };
    const organization = organizationLd(origin, settings, language);
    // The pages in another language than English declare it in JSON-LD too (WebPage.inLanguage);
    // the English pages' JSON-LD stays as it was.
    const withPage = (head: Omit<PageHead, 'language'>): PageHead => ({
      ...head,
      language,
      jsonLd: language === DEFAULT_LANGUAGE ? head.jsonLd : [...head.jsonLd, webPageLd(origin, { ...head, language })],
    });
    const showcase = shown.find((p) => p.isPremium) ?? shown[0];

    if (productPage) {
      const { product, slug } = productPage;
      if (!product) {
        return {
          status: 404,
          snapshot,
          head: withPage({
            title: pageTitle(t('head.productNotFound'), language),
            description: defaultDescription(language),
            canonicalPath: bareUrl(url).url,
            ogType: 'website',
            noindex: true,
            jsonLd: [organization],
          }),
        };
      }
      const canonicalPath = slug ? productPath(slug) : `/products/description?id=${encodeURIComponent(product._id)}`;
      return {
        status: 200,
        snapshot,
        head: withPage({
          title: pageTitle(product.productName, language),
          description: shortDescription(product.productDescription) || defaultDescription(language),
          canonicalPath,
          image: product.productThumbnail,
          ogType: 'product',
          jsonLd: [
            organization,
            productLd(origin, product, canonicalPath, language),
            breadcrumbLd(origin, product, canonicalPath, language),
          ],
        }),
      };
    }

    if (route === PRODUCT_WITHOUT_ID) {
      return {
        status: 200,
        snapshot,
        head: withPage({
          title: pageTitle(t('head.productsName'), language),
          description: defaultDescription(language),
          canonicalPath: '/products',
          ogType: 'website',
          noindex: true,
          jsonLd: [organization],
        }),
      };
    }
    const known = STATIC_PAGES[route];
    if (!known) {
      return {
        status: 404,
        snapshot,
        head: withPage({
          title: pageTitle(t('head.pageNotFound'), language),
          description: defaultDescription(language),
          // An address that names no page has no canonical one (and its own is not part of the page: NOT_FOUND_URL).
          ogType: 'website',
          noindex: true,
          jsonLd: [organization],
        }),
      };
    }
    // Filters and page numbers of the list are views of one page: one canonical address.
    return {
      status: 200,
      snapshot,
      head: withPage({
        title: known.name ? pageTitle(t(known.name), language) : defaultTitle(language),
        description: (snapshot.ownerPage && ownerDescription(snapshot.ownerPage)) || t(known.description),
        canonicalPath: route,
        image: showcase?.productThumbnail,
        ogType: 'website',
        jsonLd: [organization],
      }),
    };
  }

  /** Render (or take from the cache) and send. */
  private async send(
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    productPage?: () => Promise<ProductPage>,
    versions?: Record<ContentKind, string>,
  ): Promise<FastifyReply> {
    const { language, url: requested } = bareUrl(request.url);
    const url = localizedPath(pageUrl(route, requested), language);
    const origin = this.origin(request);
    const [current, build] = await Promise.all([versions ?? contentVersions(this.app), this.renderer?.build() ?? '']);
    const key = `${origin} ${imageBaseUrl(request)} ${url}`;
    const version = pageVersionOf(current, build);
    const { status, body, tags } = await this.rendered.get(key, version, async () => {
      const page = await this.page(request, url, route, language, productPage && (await productPage()));
      const html = this.renderer ? await this.renderer.document(headHtml(origin, page.head), page.snapshot) : '';
      return { status: page.status, body: toCachedJson(html), tags: pageTags(page) };
    });
    if (status !== 200) reply.code(status).header('X-Robots-Tag', 'noindex');
    return sendCached(request, reply, body, HTML, { version, current: this.pageVersion }, tags);
  }

  /** The version a rendered page is valid for: both content versions and the web build. */
  private readonly pageVersion = async (): Promise<string> => {
    const [current, build] = await Promise.all([contentVersions(this.app), this.renderer?.build() ?? '']);
    return pageVersionOf(current, build);
  };

  private readonly sitemapVersion = async (): Promise<string> => {
    const { products, gallery } = await contentVersions(this.app);
    return sitemapVersionOf(products, gallery);
  };

  /** The spec's "page not found", with status 404. */
  notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    return this.send(request, reply, '*');
  }

  /** Routes of the pages (only when the web app is built) and of the sitemap and robots.txt. */
  async register(app: FastifyInstance): Promise<void> {
    if (this.renderer) {
      // English at today's addresses; each other language under its prefix (/ar/, /es/products...).
      for (const prefix of ['', ...PREFIXED_LANGUAGES.map((l) => `/${l}`)]) {
        for (const route of Object.keys(STATIC_PAGES)) {
          app.get(route === '/' && prefix ? prefix : `${prefix}${route}`, (request, reply) => this.send(request, reply, route));
        }

        app.get<{ Querystring: { id?: string } }>(`${prefix}/products/description`, (request, reply) => {
          const id = typeof request.query.id === 'string' ? request.query.id : '';
          // Without an id the page asks the visitor to choose a product (SPEC.md: the id comes as navigation state).
          if (!id) return this.send(request, reply, PRODUCT_WITHOUT_ID);
          return this.send(request, reply, '/products/description', () => this.productById(request, id));
        });

        app.get<{ Params: { slug: string } }>(`${prefix}/products/:slug`, async (request, reply) => {
          const { slug } = request.params;
          const versions = await contentVersions(this.app);
          const owner = (await this.slugIndex(versions.products)).owners.get(slug);
          const { language } = bareUrl(request.url);
          if (owner && owner.current !== slug) return reply.redirect(localizedPath(productPath(owner.current), language), 301);
          if (!owner) return this.send(request, reply, '*', undefined, versions);
          return this.send(request, reply, '/products/:slug', () => this.productById(request, owner.productId), versions);
        });
      }
    }

    app.get('/sitemap.xml', async (request, reply) => {
      const origin = this.origin(request);
      const { products: pv, gallery: gv } = await contentVersions(this.app);
      const version = sitemapVersionOf(pv, gv);
      const body = await this.sitemap.get(origin, version, async () => toCachedJson(await this.sitemapXml(origin, pv)));
      // It lists the products and the gallery's last change (the languages are every one's addresses).
      return sendCached(request, reply, body, 'application/xml; charset=utf-8', { version, current: this.sitemapVersion }, [
        EDGE_TAGS.products,
        EDGE_TAGS.gallery,
      ]);
    });

    app.get('/robots.txt', async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return reply.type('text/plain; charset=utf-8').send(robotsTxt(this.origin(request)));
    });
  }

  private async productById(request: FastifyRequest, id: string): Promise<ProductPage> {
    const found = isId(id) ? await products.findProduct(this.app.db, id, imageBaseUrl(request)) : undefined;
    if (!found) return { missing: id };
    // In the page's language: its translated fields where set (the page's head and snapshot alike).
    const [product] = await products.translateProducts(this.app.db, [found], bareUrl(request.url).language);
    if (!product) return { missing: id };
    const { current } = await this.slugIndex(await contentVersion(this.app, 'products'));
    return { product, slug: current.get(id) };
  }

  private async sitemapXml(origin: string, productsVersion: string): Promise<string> {
    await this.slugIndex(productsVersion);
    const [list, gallery, translated] = await Promise.all([
      products.listSlugs(this.app.db),
      this.app.db
        .selectFrom('gallery_images')
        .select((eb) => eb.fn.max('created_at').as('last'))
        .executeTakeFirst(),
      this.app.db.selectFrom('product_translations').select(['product_id', 'language', 'updated_at']).execute(),
    ]);
    const newest = list.reduce<string | undefined>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), undefined);
    // A product page in another language changed when its translation did (issue 28), if later.
    const translatedAt = new Map(translated.map((r) => [`${r.product_id} ${r.language}`, r.updated_at]));
    const productLastmod = (p: { id: string; updatedAt: string }) => (l: Language) => {
      const at = translatedAt.get(`${p.id} ${l}`);
      return at && at > p.updatedAt ? at : p.updatedAt;
    };
    // Every page in every language, each listing all of them (and x-default, English) as alternates.
    const entry = (path: string, lastmodOf?: string | null | ((l: Language) => string)) => {
      const links = [
        ...LANGUAGES.map((l) => [LANGUAGE_INFO[l].tag, `${origin}${localizedPath(path, l)}`] as const),
        ['x-default', `${origin}${path}`] as const,
      ]
        .map(([tag, href]) => `\n    <xhtml:link rel="alternate" hreflang="${tag}" href="${escapeHtml(href)}" />`)
        .join('');
      return LANGUAGES.map((l) => {
        const lastmod = typeof lastmodOf === 'function' ? lastmodOf(l) : lastmodOf;
        return `  <url><loc>${escapeHtml(`${origin}${localizedPath(path, l)}`)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}${links}\n  </url>`;
      }).join('\n');
    };
    const urls = [
      entry('/', newest),
      entry('/about'),
      entry('/products', newest),
      ...list.map((p) => entry(productPath(p.slug), productLastmod(p))),
      entry('/gallery', gallery?.last as string | null | undefined),
      entry('/privacy'),
      entry('/terms'),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  }
}

/** Private screens and the API stay out of search engines; the sitemap lists the public pages. */
/** The private screens, kept out of robots.txt's Allow in every language. */
const PRIVATE_PATHS = [
  '/profile',
  '/quote',
  '/contact',
  '/add-product',
  '/edit-product',
  '/inquiries',
  '/dashboard',
  '/my-orders',
  '/orders',
  '/settings',
  '/team',
  '/audit',
  '/reset-password/',
];

function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...['', ...PREFIXED_LANGUAGES.map((l) => `/${l}`)].flatMap((prefix) => PRIVATE_PATHS.map((p) => `Disallow: ${prefix}${p}`)),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
