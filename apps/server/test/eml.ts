/** Just enough MIME parsing to read the .eml files the outbox transport writes. */
export interface ParsedMail {
  file: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The parts sent as attachments (Content-Disposition: attachment), e.g. the offer's quotation PDF. */
  attachments: EmlAttachment[];
  /** Every header of the mail's head, by lowercase name (unfolded). */
  headers: Map<string, string>;
}

export interface EmlAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

type Collected = Pick<ParsedMail, 'text' | 'html' | 'attachments'>;

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    }
    default:
      return body;
  }
}

function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047, section 6.2).
  return value
    .replace(/(\?=)\s+(?==\?utf-8\?)/gi, '$1')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function collectParts(raw: string, out: Collected): void {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\n/, ''), out);
    }
    return;
  }
  const disposition = headers.get('content-disposition') ?? '';
  if (/^attachment/i.test(disposition)) {
    const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '');
    const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
    const content = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'utf8');
    out.attachments.push({ filename, contentType: type.split(';')[0]!.trim().toLowerCase(), content });
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (type.toLowerCase().startsWith('text/html')) out.html += decoded;
  else out.text += decoded;
}

export function parseEml(file: string, source: string): ParsedMail {
  const raw = source.replace(/\r\n/g, '\n');
  const { headers } = splitHeaders(raw);
  const parts: Collected = { text: '', html: '', attachments: [] };
  collectParts(raw, parts);
  return {
    file,
    to: decodeWords(headers.get('to') ?? ''),
    from: decodeWords(headers.get('from') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.text,
    html: parts.html,
    attachments: parts.attachments,
    headers,
  };
}
