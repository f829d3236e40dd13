import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import en from '@agro/shared/locales/en/public.json';
import enAbout from '@agro/shared/locales/en/about.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import enApp from '@agro/shared/locales/en/app.json';
import enLegal from '@agro/shared/locales/en/legal.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import enProduct from '@agro/shared/locales/en/product.json';
import { toast } from 'sonner';
import { afterEach, beforeEach } from 'vitest';
import { setCatalogue } from '@/lib/i18n';

// The English catalogue, as an English page has it once an administrator's screen, the products page and the about, privacy and terms pages have loaded (lib/i18n.ts).
setCatalogue('en', en, enAbout, enLegal, enProduct, enMessages, enApp, enAdmin);

// A test fails on a console.error it did not announce: React's warnings (act, keys, props) and the
// app's own error logs land there. A test that expects one says so with expectLoggedErrors().
const originalError = console.error;
let unexpectedErrors: unknown[][] = [];

beforeEach(() => {
  unexpectedErrors = [];
  console.error = (...args: unknown[]) => {
    unexpectedErrors.push(args);
    originalError(...args);
  };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Sonner keeps its toasts in a module of its own and replays the active ones to the next <Toaster>:
  // none of a test's toasts may reach the next test (or the next file: they share their modules).
  toast.dismiss();
  console.error = originalError;
  if (unexpectedErrors.length > 0) {
    const first = unexpectedErrors[0]!.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
    throw new Error(`Unexpected console.error (${unexpectedErrors.length}): ${first}`);
  }
});
