/** Reads mails the server wrote as .eml files to DATA_DIR/outbox (no SMTP_URL in the suite). */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Undo quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * Text of every body part, decoded by its own Content-Transfer-Encoding (nodemailer picks base64 or
 * quoted-printable per part: a long Arabic text comes as base64, its last line running into the
 * next boundary, so parts are cut at the boundaries, not at blank lines). A multipart inside a part
 * (the offer mail: its text and HTML beside the quotation PDF) is read the same way; attachments
 * are left out.
 */
function decodeParts(raw: string): string {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : '';
  const body = split ? raw.slice(split.index + split[0].length) : raw;
  const boundary = /^content-type:\s*multipart\/[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*?boundary="?([^";\r\n]+)"?/im.exec(head)?.[1];
  if (boundary)
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => decodeParts(part.replace(/^\r?\n/, '')))
      .join('\n');
  if (/^content-disposition:\s*attachment/im.test(head)) return '';
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
  return body;
}

function headerValue(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** Decoded body text (every part). */
  body: string;
}

/** Every mail in the outbox, newest first (file names start with the time they were written). */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  names.sort().reverse();
  return Promise.all(
    names.map(async (name) => {
      const raw = await fs.readFile(path.join(dir, name), 'utf8');
      return {
        file: name,
        to: headerValue(raw, 'To'),
        subject: headerValue(raw, 'Subject'),
        body: `${decodeQuotedPrintable(raw)}\n${decodeParts(raw)}`,
      };
    }),
  );
}

/**
 * The reset link of the newest mail sent to `email` (other tests write mails at the same time,
 * so "newest" is taken among this person's mails). Mails are written after the answer, so this
 * waits (up to `timeoutMs`) until `expectedMails` mails to this person are there.
 */
export async function newestResetLink(dataDir: string, email: string, expectedMails = 1, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox(dataDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
    const link = mails[0]?.body.match(/https?:\/\/[^\s"'<>]+\/reset-password\/[A-Za-z0-9_\-.~%]+/)?.[0];
    if (link && mails.length >= expectedMails) return link;
    if (Date.now() > deadline) throw new Error(`no reset mail number ${expectedMails} for ${email} in ${dataDir}/outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
