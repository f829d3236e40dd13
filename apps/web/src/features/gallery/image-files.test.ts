import ar from '@agro/shared/locales/ar/public.json';
import arAdmin from '@agro/shared/locales/ar/admin.json';
import en from '@agro/shared/locales/en/public.json';
import enAdmin from '@agro/shared/locales/en/admin.json';
import arMessages from '@agro/shared/locales/ar/messages.json';
import enMessages from '@agro/shared/locales/en/messages.json';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImageFiles } from './image-files';
import { setCatalogue } from '@/lib/i18n';

const file = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

afterEach(() => setCatalogue('en', en, enMessages, enAdmin));

describe('checkImageFiles', () => {
  it("names each refused file in the page's language, the administrators' texts", () => {
    setCatalogue('ar', ar, arMessages, arAdmin);
    const big = file('huge.png', 'image/png', 10 * 1024 * 1024 + 1);
    const { accepted, problems } = checkImageFiles([file('notes.txt', 'text/plain'), big, file('ok.png', 'image/png')], 0);
    expect(accepted.map((f) => f.name)).toEqual(['ok.png']);
    expect(problems).toEqual(['«notes.txt» ليس صورة.', '«huge.png» أكبر من 10 ميغابايت.']);
  });

  it('keeps what fits and says how many were left out', () => {
    setCatalogue('en', en, enMessages, enAdmin);
    const { accepted, problems } = checkImageFiles([file('a.png', 'image/png'), file('b.png', 'image/png')], 19);
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(problems).toEqual(['You can upload at most 20 images at a time; 1 not added.']);
  });
});
