import type { QuoteOffer, ThreadMessage } from '@agro/shared';
import { vi } from 'vitest';

/** An offer as the quote desk lists it: USD 12.35 per KG, sent 20 Nov 2026 10:00 UTC, not seen yet. */
export const OFFER: QuoteOffer = {
  _id: 'o1',
  revision: 1,
  quotationNumber: 'QTN-2026-ABC123-R1',
  currency: 'USD',
  unitPriceMinor: 1235,
  unitPrice: '12.35',
  priceBasis: 'KG',
  totalMinor: 3_087_500,
  total: '30875.00',
  incoterm: 'CIF',
  portOfLoading: 'Nhava Sheva, India',
  destination: 'Port of Valencia, Spain',
  leadTimeDays: 21,
  paymentTerms: 'LC at sight',
  validUntil: '2030-01-31',
  expiresAt: '2030-01-31T18:30:00.000Z',
  note: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  viewedAt: null,
  lines: [],
};

/** A thread message; `n` makes its id and time (one minute apart, oldest first). */
export function makeMessage(n: number, overrides: Partial<ThreadMessage> = {}): ThreadMessage {
  return {
    _id: `m${n}`,
    author: n % 2 === 1 ? 'BUYER' : 'COMPANY',
    authorName: n % 2 === 1 ? 'Maria Lopez' : 'Asha Verma',
    text: `Message number ${n}`,
    attachments: [],
    createdAt: new Date(Date.UTC(2026, 10, 21, 9, n)).toISOString(),
    readAt: null,
    hidden: false,
    ...overrides,
  };
}

/** EventSource as the thread panel uses it: the test says what the server sends. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  /** The server sends `event: type` with `data`. */
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

export function stubEventSource(): typeof FakeEventSource {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
