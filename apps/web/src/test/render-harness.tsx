import { API, AUTH_STORAGE_KEYS, type Product, type PublicUser, type Role } from '@agro/shared';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { routes } from '@/app/router';
import { makeStore } from '@/store/store';

/**
 * The web tests' kit: the app rendered at a route (its real routes, a fresh store, a memory router,
 * the toasts) over a fake network (fetch and upload stubs that record every call), sample data, a
 * logged-in person, and a label finder. Page, component and store tests share it.
 */

// Pages are lazy chunks: on a busy 2-core machine their first load can take over the 1 s default
// (and, with the browser suite running beside, over 4 s).
configure({ asyncUtilTimeout: 8000 });

// jsdom has <dialog> but not its modal methods: enough of them for the Dialog component.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

export const TEST_USER: PublicUser = {
  _id: 'u1',
  fullName: 'Asha Verma',
  email: 'asha@example.com',
  phoneNumber: '+91-9876543210',
  role: 'USER',
  createdAt: '2025-06-14T10:00:00.000Z',
};

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    productName: 'Organic Jaggery Powder',
    productType: 'AGRO',
    productQuantityType: 'KG',
    productForm: 'Powder',
    productDescription: 'Natural jaggery from Kolhapur.',
    nutrientContent: ['Iron 11 mg', 'Calcium 80 mg'],
    isOrganic: true,
    keyFeatures: ['Chemical free', 'Rich taste'],
    applications: ['Sweets', 'Tea'],
    isPremium: false,
    productShelfLife: 12,
    productThumbnail: { secure_url: '/uploads/thumb.webp' },
    productImages: [{ secure_url: '/uploads/one.webp' }],
    createdAt: '2025-06-01T00:00:00.000Z',
    updatedAt: '2025-06-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Puts a logged-in person where the auth slice reads its initial state. */
export function logIn(role: Role, user: Partial<PublicUser> = {}): PublicUser {
  const data = { ...TEST_USER, role, ...user };
  localStorage.setItem(AUTH_STORAGE_KEYS.isLoggedIn, 'true');
  localStorage.setItem(AUTH_STORAGE_KEYS.role, role);
  localStorage.setItem(AUTH_STORAGE_KEYS.data, JSON.stringify(data));
  return data;
}

type Entry = string | { pathname: string; search?: string; state?: unknown };

// jsdom has no object URLs (image previews).
if (typeof URL.createObjectURL !== 'function') {
  let n = 0;
  URL.createObjectURL = () => `blob:test/${(n += 1)}`;
  URL.revokeObjectURL = () => undefined;
}

export function renderRoute(entry: Entry) {
  // jsdom has no scrolling; the layout's ScrollToTop calls it on every navigation.
  window.scrollTo = () => undefined;
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { store, router, user, ...view };
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string, without "?"; absent when none. */
  search?: string;
  /** Parsed JSON body, or the FormData sent. */
  body: unknown;
}

type Reply = { status?: number; body: unknown } | ((call: RecordedCall) => { status?: number; body: unknown });

/**
 * Stubs fetch: `replies` maps "METHOD /path" to an answer. Unknown calls answer 404 so a test
 * notices them. Returns the list of calls made.
 */
export function stubFetch(replies: Record<string, Reply>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      let body: unknown = init?.body;
      if (typeof body === 'string') body = JSON.parse(body) as unknown;
      const call: RecordedCall = { method, path: url.pathname, ...(url.search ? { search: url.search.slice(1) } : {}), body };
      const reply = replies[`${method} ${url.pathname}`];
      // The layout asks for the site settings once (store/settings-slice.ts): not a call of
      // the page under test, unless the test answers it.
      if (!(method === 'GET' && url.pathname === API.settings && !reply)) calls.push(call);
      const answer = typeof reply === 'function' ? reply(call) : (reply ?? { status: 404, body: { success: false, message: 'Not found' } });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The control whose visible label is exactly `label` (a required field's label ends in " *"). */
export function byLabel(label: string): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}( \\*)?$`));
}

/** The calls made to one endpoint. */
export const callsTo = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

/** Silences the console.error that withToast logs for an expected failed call. */
export function expectLoggedErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

/** What both XMLHttpRequest stubs share: the request line, 50% upload progress, and an answer. */
class StubXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private path = '';
  open(method: string, url: string) {
    this.method = method;
    this.path = new URL(url, 'http://localhost').pathname;
  }
  setRequestHeader() {}
  /** The request as sent; its upload reports 50% progress next. */
  protected sent(body: FormData): RecordedCall {
    setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }), 0);
    return { method: this.method, path: this.path, body };
  }
  protected answer(reply: { status?: number; body: unknown }) {
    this.status = reply.status ?? 200;
    this.responseText = JSON.stringify(reply.body);
    this.onload?.();
  }
}

/**
 * Stubs XMLHttpRequest (multipart uploads): records each request, reports 50% upload progress,
 * then answers `reply` after `loadDelayMs`.
 */
export function stubXhr(reply: { status?: number; body: unknown }, loadDelayMs = 0): RecordedCall[] {
  const calls: RecordedCall[] = [];
  class FakeXhr extends StubXhr {
    send(body: FormData) {
      calls.push(this.sent(body));
      setTimeout(() => this.answer(reply), loadDelayMs);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}

/** In an expected request body: the fill time the page sent, at least the form's minimum (lib/bot-signals.tsx). */
export const atLeast = (minimum: number) => ({
  asymmetricMatch: (actual: unknown) => typeof actual === 'number' && actual >= minimum,
  toString: () => `a number of at least ${minimum}`,
  toAsymmetricMatcher: () => `atLeast(${minimum})`,
});

/** An upload held by stubHeldXhr: what was sent, whether the page aborted it, and a way to answer it. */
export interface HeldUpload {
  call: RecordedCall;
  aborted: boolean;
  answer: (reply: { status?: number; body: unknown }) => void;
}

/**
 * Stubs XMLHttpRequest with uploads that report 50% progress and then wait until the test answers
 * them or the page aborts them (a cancelled upload), so either can be checked mid-way.
 */
export function stubHeldXhr(): HeldUpload[] {
  const held: HeldUpload[] = [];
  class HeldXhr extends StubXhr {
    private entry: HeldUpload | undefined;
    send(body: FormData) {
      const entry: HeldUpload = { call: this.sent(body), aborted: false, answer: (reply) => this.answer(reply) };
      this.entry = entry;
      held.push(entry);
    }
    abort() {
      if (!this.entry || this.entry.aborted) return;
      this.entry.aborted = true;
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', HeldXhr);
  return held;
}
