import { afterEach, describe, expect, it } from 'vitest';
import { rememberSwitchFrom } from './language-switcher';

const cookie = () => /(?:^|; )lang=([^;]*)/.exec(document.cookie)?.[1];

afterEach(() => {
  document.cookie = 'lang=; Path=/; Max-Age=0';
});

describe('A switch made before the app took the page over', () => {
  it('is remembered when the page was reached from this site in another language', () => {
    rememberSwitchFrom(`${window.location.origin}/products/natural-jaggery`, 'ar');
    expect(cookie()).toBe('ar');
    rememberSwitchFrom(`${window.location.origin}/ar/products`, 'es');
    expect(cookie()).toBe('es');
  });

  it('changes nothing for a page reached in its own language, from elsewhere, or with no referrer', () => {
    rememberSwitchFrom(`${window.location.origin}/ar/about`, 'ar');
    rememberSwitchFrom('https://www.google.com/search?q=jaggery', 'ar');
    rememberSwitchFrom('', 'ar');
    rememberSwitchFrom('not an address', 'ar');
    expect(cookie()).toBeUndefined();
  });
});
