import { API, SITE, type ServerSnapshot } from '@agro/shared';
import { screen } from '@testing-library/react';
import { hydrate, render } from 'preact/compat';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { snapshotLoaded } from '@/store/server-snapshot';
import { makeStore } from '@/store/store';
import { render as renderPage } from '@/entry-server';
import { DEFAULT_PUBLIC_SETTINGS } from '@/store/settings-slice';
import { makeProduct, renderRoute, stubFetch } from '@/test/render-harness';
import { serverHtml } from '@/test/hydration-fixtures';
import { WhatsAppButton } from './whatsapp-button';
import { setCatalogue } from '@/lib/i18n';
import ar from '@agro/shared/locales/ar/public.json';
import en from '@agro/shared/locales/en/public.json';

/** Not the page's own origin (jsdom's): a link built on the wrong one shows. */
const SITE_ORIGIN = 'https://shop.example';
const product = makeProduct({ _id: 'p1', productName: 'Organic Jaggery Powder' });

function snapshot(overrides: Partial<ServerSnapshot> = {}): ServerSnapshot {
  return {
    url: '/',
    language: 'en',
    origin: SITE_ORIGIN,
    products: null,
    product: null,
    missingProduct: null,
    slugs: {},
    gallery: null,
    settings: DEFAULT_PUBLIC_SETTINGS,
    ownerPage: null,
    ...overrides,
  };
}

/** The text a wa.me link prefills. */
const messageOf = (href: string | null | undefined) => new URL(href ?? '').searchParams.get('text');
const hrefIn = (html: string) => /href="(https:\/\/wa\.me\/[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');

afterEach(() => {
  vi.unstubAllGlobals();
  setCatalogue('en', en);
});

describe('WhatsApp button (issue 26)', () => {
  it("names the server's origin in its render and in the browser's first one: the same markup", () => {
    const button = <WhatsAppButton text="See {url}" path="/products/organic-jaggery-powder" />;
    const serverStore = makeStore();
    serverStore.dispatch(snapshotLoaded(snapshot()));
    const html = renderToString(<Provider store={serverStore}>{button}</Provider>);
    expect(messageOf(hrefIn(html))).toBe(`See ${SITE_ORIGIN}/products/organic-jaggery-powder`);

    const container = document.createElement('div');
    document.body.append(container);
    try {
      serverHtml(container, html);
      const browserStore = makeStore();
      browserStore.dispatch(snapshotLoaded(snapshot()));
      hydrate(<Provider store={browserStore}>{button}</Provider>, container);
      expect(container.innerHTML).toBe(html);
    } finally {
      render(null, container);
      container.remove();
    }
  });

  it("on a page only the browser renders, names the page's own origin", () => {
    const container = document.createElement('div');
    document.body.append(container);
    try {
      render(
        <Provider store={makeStore()}>
          <WhatsAppButton text="See {url}" path="/products/description?id=p1" />
        </Provider>,
        container,
      );
      expect(messageOf(container.querySelector('a')?.getAttribute('href'))).toBe(
        `See ${window.location.origin}/products/description?id=p1`,
      );
    } finally {
      render(null, container);
      container.remove();
    }
  });

  it("a product page rendered by the server names the product's canonical address, at either of its addresses", async () => {
    const slugs = { 'organic-jaggery-powder': 'p1' };
    for (const url of ['/products/organic-jaggery-powder', '/products/description?id=p1']) {
      const html = await renderPage(snapshot({ url, product, slugs }));
      expect(messageOf(hrefIn(html)), url).toBe(
        `Hello ${SITE.companyName}, I am interested in Organic Jaggery Powder: ${SITE_ORIGIN}/products/organic-jaggery-powder`,
      );
    }
  });

  it("a product page reached in the app without its slug names the spec's address of the product", async () => {
    stubFetch({ [`GET ${API.product('p1')}`]: { body: { success: true, message: 'ok', product } } });
    renderRoute('/products/description?id=p1');
    const link = await screen.findByRole('link', { name: 'Chat on WhatsApp' });
    expect(messageOf(link.getAttribute('href'))).toBe(
      `Hello ${SITE.companyName}, I am interested in Organic Jaggery Powder: ${window.location.origin}/products/description?id=p1`,
    );
  });

  it("says 'Chat on WhatsApp' in the page's language when no label is given (the contact page, a quote's offer)", () => {
    setCatalogue('ar', ar);
    const container = document.createElement('div');
    document.body.append(container);
    try {
      render(
        <Provider store={makeStore()}>
          <WhatsAppButton text="مرحبًا" />
        </Provider>,
        container,
      );
      expect(container.querySelector('a')?.textContent?.trim()).toBe('تواصل عبر WhatsApp');
    } finally {
      render(null, container);
      container.remove();
    }
  });
});
