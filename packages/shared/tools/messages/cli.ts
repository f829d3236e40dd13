/**
 * npm run messages -- check                  what a translator's work must pass (the test runs the same)
 * npm run messages -- stamp LANG [KEY ...]   records LANG's translation (of KEY... or of every text) as
 *                                            made from today's English, after a translator looked at it
 * docs/translations.md says when to run which.
 */
import { LANGUAGES, isLanguage } from '../../src/languages.js';
import { MESSAGE_FILES } from '../../src/i18n/all.js';
import { duplicateTranslations, staleTranslations, stampOf, writeStamp } from './checks.js';

const [command, language, ...keys] = process.argv.slice(2);

if (command === 'stamp' && isLanguage(language) && language !== 'en') {
  writeStamp(language, MESSAGE_FILES.en, keys.length > 0 ? keys : undefined);
  console.log(`${language}: ${keys.length > 0 ? keys.join(', ') : 'every text'} recorded as translated from today's English.`);
} else if (command === 'check') {
  let problems = 0;
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    const stale = staleTranslations(MESSAGE_FILES.en, stampOf(lang));
    const twoWays = duplicateTranslations(MESSAGE_FILES.en, MESSAGE_FILES[lang]);
    problems += stale.length + twoWays.length;
    for (const id of stale) console.log(`${lang} stale (English changed or new since translated): ${id}`);
    for (const line of twoWays) console.log(`${lang} one English text translated two ways: ${line}`);
  }
  console.log(
    problems === 0 ? "Every translation is made from today's English, each English text translated one way." : `${problems} to look at.`,
  );
  process.exitCode = problems === 0 ? 0 : 1;
} else {
  console.error(
    'usage: npm run messages -- check | stamp LANG [KEY ...]   (LANG: one of ar, es, fr, de; KEY: part/key as check prints it)',
  );
  process.exitCode = 2;
}
