import { describe, expect, it } from 'vitest';
import { faqIn, followFaq, type FaqTranslations } from './content-translations.js';

const faq = [
  { question: 'Minimum order?', answer: '1000 kg.' },
  { question: 'Samples?', answer: 'Up to 500 g.' },
  { question: 'Payment?', answer: 'LC or TT.' },
];
const translations: FaqTranslations = {
  es: [
    { question: '¿Pedido mínimo?', answer: '1000 kg.' },
    { question: '¿Muestras?', answer: 'Hasta 500 g.' },
    { question: '¿Pago?', answer: 'LC o TT.' },
  ],
  ar: [
    { question: '', answer: '' },
    { question: 'عينات؟', answer: 'حتى 500 غ.' },
  ],
};

describe('followFaq', () => {
  it('moves each translation with its English entry', () => {
    const from = [2, 0, 1];
    const next = { faq: from.map((i) => faq[i]!), faqTranslations: followFaq(translations, from) };
    expect(faqIn(next, 'es').map((e) => e.question)).toEqual(['¿Pago?', '¿Pedido mínimo?', '¿Muestras?']);
    // Arabic had no first and third: English there, the Arabic 'Samples' still beside its English entry.
    expect(faqIn(next, 'ar').map((e) => e.question)).toEqual(['Payment?', 'Minimum order?', 'عينات؟']);
  });

  it('drops the translation of a removed entry instead of shifting the next one into its place', () => {
    const from = [0, 2];
    const next = { faq: from.map((i) => faq[i]!), faqTranslations: followFaq(translations, from) };
    expect(faqIn(next, 'es').map((e) => e.question)).toEqual(['¿Pedido mínimo?', '¿Pago?']);
    expect(next.faqTranslations.ar).toEqual([]);
    expect(faqIn(next, 'ar').map((e) => e.question)).toEqual(['Minimum order?', 'Payment?']);
  });

  it('leaves a language without translations out', () => {
    expect(followFaq({ es: translations.es }, [1, 0])).toEqual({ es: [translations.es![1], translations.es![0]] });
    expect(followFaq(undefined, [0])).toEqual({});
  });
});
