/**
 * The quotation PDF of a quote's current offer, in the language on the buyer's profile (issue 28),
 * drawn with pdfkit. English, Spanish, French and German use its built-in Helvetica (no font files
 * to ship; the text stays extractable, e.g. by `pdftotext`). Helvetica covers Latin-1 (WinAnsi):
 * other characters of user text are written as '?' rather than as wrong glyphs. Arabic is set right
 * to left (pdf-rtl.ts) in Amiri, embedded (its Arabic subset, from @fontsource, OFL 1.1),
 * with Helvetica for the Latin words, digits and codes inside it.
 * The labels and fixed texts come from the catalogues (`pdf.*`); Incoterms, units, currency codes
 * and the buyer's and company's own texts are printed as written; amounts, quantities and dates
 * through Intl in the language (English exactly as it always was).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  DEFAULT_LANGUAGE,
  INCOTERMS,
  LANGUAGE_INFO,
  PACKAGING_TYPE_VALUES,
  SITE,
  certificationLabel,
  formatMoneyIn,
  formatPostalAddress,
  packagingLabel,
  type Language,
  type PackagingType,
  type Quote,
  type QuoteOffer,
  type SiteSettings,
  type Translate,
} from '@agro/shared';
import { translator } from '../../lib/i18n.js';
import { woffToSfnt } from '../../lib/woff.js';
import { rtlText, type RtlFonts } from './pdf-rtl.js';

/** Characters Helvetica's WinAnsi encoding can show; the rest become '?'. */
export const winAnsi = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\n\u0020-\u007E\u00A0-\u00FF]/g, '?');

/**
 * The other languages: WinAnsi with its typographic characters kept (pdfkit encodes them: French
 * writes ’ and « »), and the narrow spaces Intl groups digits with (French) as no-break spaces.
 */
export const winAnsiTypographic = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[\u2007\u2009\u202F]/g, '\u00A0')
    .replace(/[\u200E\u200F\u061C]/g, '')
    .replace(
      /[^\n\u0020-\u007E\u00A0-\u00FF\u2018-\u201A\u201C-\u201E\u2013\u2014\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122]/g,
      '?',
    );

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' };
export const dateText = (iso: string): string => new Date(iso).toLocaleDateString('en-GB', DATE_OPTIONS);
/** A date in `language` (English as dateText writes it). */
export const dateIn = (iso: string, language: Language): string =>
  language === DEFAULT_LANGUAGE ? dateText(iso) : new Date(iso).toLocaleDateString(LANGUAGE_INFO[language].intl, DATE_OPTIONS);
/** A calendar day (YYYY-MM-DD) in `language`: English as stored, written out in the others. */
export const dayIn = (day: string, language: Language): string =>
  language === DEFAULT_LANGUAGE ? day : dateIn(`${day}T12:00:00.000Z`, language);
/** A quantity in `language`: English grouped as it always was (1,200), the others as Intl writes them. */
export const quantityIn = (n: number, language: Language): string =>
  n.toLocaleString(language === DEFAULT_LANGUAGE ? 'en-US' : LANGUAGE_INFO[language].intl);

const BRAND = '#2f6b2f';
const GREY = '#555555';

/** The registration numbers that are set, as printed under the letterhead. */
function registrationLine(r: SiteSettings['registrations']): string {
  return [
    ['IEC', r.iec],
    ['GSTIN', r.gstin],
    ['APEDA RCMC', r.apedaRcmc],
    ['FSSAI Lic.', r.fssaiLicence],
  ]
    .filter(([, v]) => v)
    .map(([k, v]) => `${k} ${v}`)
    .join('  |  ');
}

/** The bank details that are set (only on the quotation: never in a public answer). */
function bankRows(b: SiteSettings['bankDetails'], tr: Translate): [string, string][] {
  const rows: [string, string][] = [
    [tr('pdf.beneficiary'), b.accountName],
    [tr('pdf.bank'), b.bankName],
    [tr('pdf.branch'), b.branch],
    [tr('pdf.accountNumber'), b.accountNumber],
    ['IFSC', b.ifsc],
    ['SWIFT', b.swift],
  ];
  return rows.filter(([, v]) => v);
}

/** The embedded Arabic font files (Amiri's Arabic subset, regular and bold: @fontsource/amiri, OFL 1.1). */
const require = createRequire(import.meta.url);
const ARABIC_FONT_FILES = {
  400: require.resolve('@fontsource/amiri/files/amiri-arabic-400-normal.woff'),
  700: require.resolve('@fontsource/amiri/files/amiri-arabic-700-normal.woff'),
};
/** Those fonts unwrapped to TrueType once per process (lib/woff.ts says why), on the first Arabic PDF. */
let arabicFonts: { 400: Buffer; 700: Buffer } | undefined;
const arabicFontData = () =>
  (arabicFonts ??= {
    400: woffToSfnt(readFileSync(ARABIC_FONT_FILES[400])),
    700: woffToSfnt(readFileSync(ARABIC_FONT_FILES[700])),
  });

/** How the page is written: one paragraph, or a label and its value. */
export interface Pen {
  /**
   * A paragraph in `style`: from (x, y) when given (Helvetica's pen: as pdfkit's text(x, y)), else
   * below the previous one; `wrap`: within the text width (pdfkit's `width` option).
   */
  text(text: string, style: Style, at?: { x: number; y?: number }, wrap?: boolean): void;
  row(label: string, value: string, bold: boolean): void;
}
interface Style {
  size: number;
  bold?: boolean;
  color?: string;
}

const LABEL_WIDTH = 130;

/** Left to right in Helvetica: English exactly as it always was drawn, Spanish, French, German. */
function latinPen(doc: PDFKit.PDFDocument, language: Language): Pen {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const t = language === DEFAULT_LANGUAGE ? winAnsi : winAnsiTypographic;
  return {
    text(text, style, at, wrap) {
      if (style.color) doc.fillColor(style.color);
      doc.font(style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.size);
      const options = wrap ? { width } : undefined;
      if (at) doc.text(t(text), at.x, at.y, options);
      else doc.text(t(text), options);
    },
    row(label, value, bold) {
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(10).fillColor(GREY).text(t(label), left, y, { width: LABEL_WIDTH });
      const labelBottom = doc.y;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fillColor('black')
        .text(t(value), left + LABEL_WIDTH, y, {
          width: width - LABEL_WIDTH,
        });
      doc.y = Math.max(doc.y, labelBottom) + 4;
    },
  };
}

/** Right to left (Arabic): every line right-aligned, the labels in the right-hand column. */
function arabicPen(doc: PDFKit.PDFDocument): Pen {
  const files = arabicFontData();
  doc.registerFont('Arabic', files[400]);
  doc.registerFont('Arabic-Bold', files[700]);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const fonts = (bold?: boolean): RtlFonts =>
    bold ? { arabic: 'Arabic-Bold', latin: 'Helvetica-Bold' } : { arabic: 'Arabic', latin: 'Helvetica' };
  return {
    text(text, style, at) {
      if (style.color) doc.fillColor(style.color);
      doc.y = rtlText(doc, text, fonts(style.bold), winAnsi, { x: left, y: at?.y ?? doc.y, width, size: style.size });
    },
    row(label, value, bold) {
      const y = doc.y;
      doc.fillColor(GREY);
      const labelBottom = rtlText(doc, label, fonts(true), winAnsi, { x: left + width - LABEL_WIDTH, y, width: LABEL_WIDTH, size: 10 });
      doc.fillColor('black');
      const valueBottom = rtlText(doc, value, fonts(bold), winAnsi, { x: left, y, width: width - LABEL_WIDTH - 10, size: 10 });
      doc.y = Math.max(labelBottom, valueBottom) + 2;
    },
  };
}

/** The pen of `language`: Arabic right to left in its embedded font, the others in Helvetica. */
const penFor = (doc: PDFKit.PDFDocument, language: Language): Pen =>
  LANGUAGE_INFO[language].dir === 'rtl' ? arabicPen(doc) : latinPen(doc, language);

export const packagingIn = (value: string, tr: Translate): string =>
  (PACKAGING_TYPE_VALUES as readonly string[]).includes(value) ? tr(`packagingTypes.${value as PackagingType}`) : packagingLabel(value);

/** The company as both PDFs print it: the letterhead and the last line. */
export interface PdfIssuer {
  name: string;
  address: string;
  phone: string;
  email: string;
  /** The registration numbers as printed under the address; '' when none is set. */
  registrations: string;
}

/** A PDF being drawn: pdfkit's document, the pen of its language and the text column. */
export interface PdfDraft {
  doc: PDFKit.PDFDocument;
  pen: Pen;
  left: number;
  /** The closing paragraph (`footer`) and the company's line under it; the document's bytes. */
  finish(footer: string): Promise<Buffer>;
}

/**
 * The start both PDFs share (the quotation, the proforma invoice): an A4 document in `language`
 * with its title and subject, collected in memory, and the issuer's letterhead drawn.
 */
export async function startPdf(language: Language, issuer: PdfIssuer, info: { title: string; subject: string }): Promise<PdfDraft> {
  const tr = translator(language);
  // Loaded on first use: pdfkit adds about 20 MB to every server process that imports it, and
  // most never draw a PDF (docs/performance.md, "Memory").
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    // The document's language for readers and assistive technology (English's file as it was).
    ...(language === DEFAULT_LANGUAGE ? {} : { lang: LANGUAGE_INFO[language].tag }),
    info: { Title: info.title, Author: issuer.name, Subject: info.subject },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const pen = penFor(doc, language);

  // Letterhead (the site settings).
  pen.text(issuer.name, { size: 20, bold: true, color: BRAND }, { x: left, y: 50 });
  pen.text(issuer.address, { size: 9, color: GREY });
  pen.text(tr('pdf.contactLine', { phone: issuer.phone, email: issuer.email }), { size: 9 });
  if (issuer.registrations) pen.text(issuer.registrations, { size: 9 });
  doc
    .moveTo(left, doc.y + 8)
    .lineTo(left + width, doc.y + 8)
    .strokeColor(BRAND)
    .lineWidth(1.5)
    .stroke();
  doc.moveDown(1.5);

  return {
    doc,
    pen,
    left,
    finish(footer) {
      doc.moveDown(2);
      pen.text(footer, { size: 9, color: GREY }, { x: left, y: doc.y }, true);
      pen.text(`${issuer.name}  |  ${issuer.email}  |  ${issuer.phone}`, { size: 9 }, undefined, true);
      doc.end();
      return done;
    },
  };
}

/** The quotation's file name, as downloaded and as attached to the offer mail. */
export const quotationFileName = (offer: Pick<QuoteOffer, 'quotationNumber'>): string => `${offer.quotationNumber}.pdf`;

/** The quotation in `language` (the buyer's: userLanguage, read by the route). */
export async function quotationPdf(
  quote: Quote,
  offer: QuoteOffer,
  settings: SiteSettings,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Buffer> {
  const tr = translator(language);
  const issuer: PdfIssuer = {
    name: SITE.companyName,
    address: formatPostalAddress(settings.address),
    phone: settings.phone,
    email: settings.publicEmail,
    registrations: registrationLine(settings.registrations),
  };
  const { doc, pen, left, finish } = await startPdf(language, issuer, {
    title: tr('pdf.docTitle', { number: offer.quotationNumber }),
    subject: tr('pdf.docSubject', { company: quote.companyName }),
  });
  const money = (minor: number) => formatMoneyIn(minor, offer.currency, language);
  const validity = tr('pdf.validity', { date: dateIn(`${offer.validUntil}T12:00:00.000Z`, language) });

  // Title, number and date.
  pen.text(tr('pdf.title'), { size: 16, bold: true, color: 'black' }, { x: left });
  pen.text(tr('pdf.quotationNumber', { number: offer.quotationNumber }), { size: 10 });
  pen.text(tr('pdf.date', { date: dateIn(offer.createdAt, language) }), { size: 10 });
  pen.text(tr('pdf.validUntil', { validity }), { size: 10 });
  doc.moveDown();

  // Buyer.
  pen.text(tr('pdf.to'), { size: 11, bold: true });
  for (const line of [
    quote.companyName,
    tr('pdf.attn', { name: quote.contactPersonName }),
    quote.address,
    quote.country,
    tr('pdf.buyerContact', { email: quote.companyEmail, mobile: quote.mobileNumber }),
  ]) {
    pen.text(line, { size: 10 }, undefined, true);
  }
  doc.moveDown();

  // The goods and the price.
  const product = quote.productId?.productName ?? tr('pdf.productGone');
  const unit = offer.priceBasis;
  const incoterm = INCOTERMS.find((i) => i.code === offer.incoterm)?.label ?? offer.incoterm;
  const packaging = packagingIn(quote.packagingType, tr);
  // Issue 45: a quote of several lines lists them (a one-line quote's PDF is as it was).
  const goods: [string, string][] =
    offer.lines.length > 1
      ? offer.lines.map((line, i) => {
          const item = quote.items.find((it) => it._id === line.itemId);
          const linePackaging = item ? packagingIn(item.packagingType, tr) : packaging;
          const asked = item?.requiredQty ?? line.quantity;
          const quantity = quantityIn(line.quantity, language);
          return [
            `${i + 1}. ${item?.productId?.productName ?? tr('pdf.productGone')}`,
            tr('pdf.lineValue', {
              quantity: line.quantityChanged ? tr('pdf.quantityChanged', { quantity, asked: quantityIn(asked, language) }) : quantity,
              unit: line.priceBasis,
              packaging: item?.isCustomPackagingRequired ? tr('pdf.customPackaging', { packaging: linePackaging }) : linePackaging,
              price: money(line.unitPriceMinor),
              total: money(line.totalMinor),
            }),
          ];
        })
      : [
          [tr('pdf.rowProduct'), product],
          [tr('pdf.rowQuantity'), `${quantityIn(offer.lines[0]?.quantity ?? quote.requiredQty, language)} ${unit}`],
          [tr('pdf.rowPackaging'), quote.isCustomPackagingRequired ? tr('pdf.customPackaging', { packaging }) : packaging],
        ];
  const rows: [string, string][] = [
    ...goods,
    [tr('pdf.rowCurrency'), offer.currency],
    ...(offer.lines.length > 1
      ? []
      : ([[tr('pdf.rowUnitPrice'), tr('pdf.unitPriceValue', { price: money(offer.unitPriceMinor), unit })]] as [string, string][])),
    [tr('pdf.rowTotal'), money(offer.totalMinor)],
    [tr('pdf.rowIncoterm'), tr('pdf.incotermValue', { code: offer.incoterm, destination: offer.destination, name: incoterm })],
    [tr('pdf.rowPortOfLoading'), offer.portOfLoading],
    [tr('pdf.rowDestination'), offer.destination],
    [tr('pdf.rowLeadTime'), tr('pdf.leadTimeValue', { days: offer.leadTimeDays })],
    [tr('pdf.rowPaymentTerms'), offer.paymentTerms],
    [tr('pdf.rowValidity'), validity],
    // What the buyer asked for in the trade terms (issue 27): the offer is made knowing it.
    ...(quote.tradeTerms?.certifications.length
      ? ([[tr('pdf.rowCertifications'), quote.tradeTerms.certifications.map(certificationLabel).join(', ')]] as [string, string][])
      : []),
    ...(quote.tradeTerms?.sampleFirst ? ([[tr('pdf.rowSample'), tr('pdf.sampleValue')]] as [string, string][]) : []),
  ];
  const totalLabel = tr('pdf.rowTotal');
  for (const [label, value] of rows) pen.row(label, value, label === totalLabel);

  if (offer.note) {
    doc.moveDown();
    pen.text(tr('pdf.note'), { size: 11, bold: true }, { x: left });
    pen.text(offer.note, { size: 10 }, undefined, true);
  }

  const bank = bankRows(settings.bankDetails, tr);
  if (bank.length > 0) {
    doc.moveDown();
    pen.text(tr('pdf.bankDetails'), { size: 11, bold: true, color: 'black' }, { x: left });
    for (const [label, value] of bank) pen.text(tr('pdf.bankRow', { label, value }), { size: 10 }, undefined, true);
  }

  return finish(tr('pdf.footer', { currency: offer.currency, unit, incoterm: offer.incoterm }));
}
