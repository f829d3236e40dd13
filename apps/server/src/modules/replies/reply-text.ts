/**
 * The new part of a mail reply: the text above the quoted earlier mail, without the signature.
 * No maintained npm package does this on Node 20 (email-reply-parser 2 needs Node 22 and RE2), so
 * it is a small function over the patterns mail programs write, tested beside it:
 * - a line that introduces the quote: 'On <date>, <name> wrote:' (also split over two lines, as
 *   Gmail wraps it) and its French, Spanish, German and Arabic forms;
 * - Outlook's '-----Original Message-----' and its 'From: ... Sent: ...' header block, Apple Mail's
 *   'Begin forwarded message:', a line of underscores (Outlook on the web);
 * - lines starting with '>' (the quote itself);
 * - the signature delimiter '-- ' and the mobile sign-offs ('Sent from my iPhone').
 */
const QUOTE_HEADERS: RegExp[] = [
  // English (Gmail, Apple Mail, Thunderbird): "On Tue, 3 Mar 2026 at 10:00, Name <a@b> wrote:"
  /^\s*on\b.{0,300}\bwrote:?\s*$/i,
  // French, Spanish, German, Portuguese, Dutch, Italian
  /^\s*le\b.{0,300}\ba écrit\s*:?\s*$/i,
  /^\s*el\b.{0,300}\bescribió\s*:?\s*$/i,
  /^\s*am\b.{0,300}\bschrieb\b.{0,100}:?\s*$/i,
  /^\s*em\b.{0,300}\bescreveu\s*:?\s*$/i,
  /^\s*op\b.{0,300}\bschreef\b.{0,100}:?\s*$/i,
  /^\s*il\b.{0,300}\bha scritto\s*:?\s*$/i,
  // Arabic (Gmail: "في الثلاثاء، 3 مارس 2026 في 10:00 ص كتب Name <a@b>:")
  /^\s*في\s.{0,300}\s?كتب\s?.{0,200}:?\s*$/,
  /^.{0,300}كتب:\s*$/,
  /^\s*-{2,}\s*(original message|message d'origine|mensaje original|ursprüngliche nachricht|الرسالة الأصلية)\s*-{2,}\s*$/i,
  /^\s*begin forwarded message:\s*$/i,
  /^\s*_{10,}\s*$/,
  // Outlook: a header block "From: ... / Sent: ..." (or its translations)
  /^\s*\*?(from|de|von|من)\s*:\*?\s.+$/i,
];

const SIGNATURE_STARTS: RegExp[] = [
  /^-- ?$/,
  /^\s*(sent from my|sent from outlook|get outlook for|envoyé de mon|enviado desde mi|von meinem .* gesendet|أُرسلت من|مرسل من)/i,
];

/** "On Tue, 3 Mar 2026 at 10:00, Name <a@b>" / "wrote:" wrapped over two lines. */
const WRAPPED_ON = /^\s*(on|le|el|am)\b.{0,300}$/i;

/** The new text of a reply: everything above the first quote header or quoted line, without the signature, trimmed. */
export function replyText(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1] ?? '';
    if (line.startsWith('>')) {
      end = i;
      break;
    }
    if (QUOTE_HEADERS.some((re) => re.test(line))) {
      // A "From:" line is a header only when a "Sent:"/"Date:"/"To:" line follows (Outlook's block).
      if (
        /^\s*\*?(from|de|von|من)\s*:/i.test(line) &&
        !/^\s*\*?(sent|date|to|envoyé|enviado|gesendet|datum|an|à|para|التاريخ|إلى|أرسل)\b/i.test(next)
      )
        continue;
      end = i;
      break;
    }
    if (WRAPPED_ON.test(line) && /^.{0,200}\b(wrote|a écrit|escribió|schrieb)\s*:?\s*$/i.test(next)) {
      end = i;
      break;
    }
  }
  let kept = lines.slice(0, end);
  const signature = kept.findIndex((line) => SIGNATURE_STARTS.some((re) => re.test(line)));
  if (signature >= 0) kept = kept.slice(0, signature);
  return kept.join('\n').trim();
}
