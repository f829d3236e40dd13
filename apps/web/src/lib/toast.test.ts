import { SUCCESS, LOADING } from '@agro/shared';
import ar from '@agro/shared/i18n/ar';
import en from '@agro/shared/i18n/en';
import enAdmin from '@agro/shared/i18n/en-admin';
import enApp from '@agro/shared/i18n/en-app';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCatalogue } from './i18n';
import { showToast } from './toast';

const shown = vi.hoisted(() => [] as Array<{ kind: string; text: string; id: unknown }>);

vi.mock('sonner', () => {
  const make = (kind: string) => (text: string, options: { id: unknown }) => {
    shown.push({ kind, text, id: options.id });
  };
  return {
    toast: { loading: make('loading'), success: make('success'), error: make('error'), info: make('info') },
  };
});

afterEach(() => {
  shown.length = 0;
  setCatalogue('en', { ...en, ...enApp, ...enAdmin });
});

const settle = () => vi.waitFor(() => expect(shown.length).toBe(2));

describe('A toast on a public page', () => {
  it("reads in the page's language although only the public texts were loaded with the page, in the order the toasts were made", async () => {
    // A public Arabic page: its first render loads the public catalogue only (no SPEC messages).
    setCatalogue('ar', { ...ar });
    const id = showToast('loading', LOADING.productList);
    showToast('success', SUCCESS.productList, { id });
    await settle();
    expect(shown).toEqual([
      { kind: 'loading', text: 'جارٍ التحميل...', id },
      { kind: 'success', text: 'تم جلب المنتجات بنجاح', id },
    ]);
  });

  it('stays exactly as SPEC.md words it on an English page', async () => {
    setCatalogue('en', { ...en });
    const id = showToast('loading', LOADING.productList);
    showToast('success', SUCCESS.productList, { id });
    await settle();
    expect(shown.map((s) => s.text)).toEqual([LOADING.productList, SUCCESS.productList]);
  });
});
