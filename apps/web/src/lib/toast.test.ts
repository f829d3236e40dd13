import { ERROR_DEFAULTS, QUOTE_DESK_MESSAGES, QUOTE_DESK_UI, SERVER_ERRORS } from '@agro/shared';
import arApp from '@agro/shared/locales/ar/app.json';
import ar from '@agro/shared/locales/ar/public.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localizeMessage, setCatalogue, t } from './i18n';
import { showToast } from './toast';

const shown: Array<{ kind: string; text: string; id: unknown }> = [];

// Sonner's own toast object, watched (not a module mock: the test files share their modules, and
// Sonner may have been imported by another file first).
beforeEach(() => {
  for (const kind of ['loading', 'success', 'error', 'info'] as const) {
    vi.spyOn(toast, kind).mockImplementation((text, options) => {
      shown.push({ kind, text: String(text), id: options?.id });
      return options?.id ?? 0;
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  shown.length = 0;
  setCatalogue('en', en, enMessages, enApp, enAdmin);
});

const settle = (n: number) => vi.waitFor(() => expect(shown.length).toBe(n));

describe('A toast on a public page of another language', () => {
  it("shows the page's own texts at once, and the server's English error in the page's language once SPEC's messages are fetched, in the order the toasts were made", async () => {
    // A public Arabic page: its first render loads the public catalogue only (no SPEC messages).
    setCatalogue('ar', ar);
    const id = showToast('loading', t('toast.productsLoading'));
    showToast('error', SERVER_ERRORS.productNotFound, { id });
    const next = showToast('success', t('toast.productsLoaded'));
    await settle(3);
    expect(shown.map((s) => s.kind)).toEqual(['loading', 'success', 'error']);
    expect(shown.map((s) => s.text)).toEqual([ar.toast.productsLoading, ar.toast.productsLoaded, expect.stringMatching(/[\u0600-\u06FF]/)]);
    expect(shown[2]!.text).not.toBe(SERVER_ERRORS.productNotFound);
    expect(shown[1]!.id).toBe(next);
  });

  it('stays exactly as SPEC.md words it on an English page', async () => {
    setCatalogue('en', en);
    const id = showToast('loading', t('toast.productsLoading'));
    showToast('error', ERROR_DEFAULTS.productList, { id });
    await settle(2);
    expect(shown.map((s) => s.text)).toEqual([en.toast.productsLoading, ERROR_DEFAULTS.productList]);
  });
});

describe("The buyer's decision on an offer", () => {
  it("has its toasts in the page's language on a private screen (loading, success, error)", () => {
    setCatalogue('ar', ar, arMessages, arApp);
    expect(localizeMessage(QUOTE_DESK_UI.loading.accept)).toBe(arMessages.messages.decision.accepting);
    expect(localizeMessage(QUOTE_DESK_MESSAGES.offerAccepted)).toBe(arMessages.messages.decision.accepted);
    expect(localizeMessage(QUOTE_DESK_MESSAGES.offerDeclined)).toBe(arMessages.messages.decision.declined);
    expect(localizeMessage(QUOTE_DESK_UI.errors.decline)).toBe(arMessages.messages.decision.declineError);
  });
});
