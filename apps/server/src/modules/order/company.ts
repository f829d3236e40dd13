/**
 * The issuer printed on a proforma invoice: the company's name, address and contacts, and its bank
 * details and registrations where the owner has set them (the site settings, issue 26; the bank
 * details are never public, but a proforma is for its buyer and the administrators only).
 */
import { SITE, formatPostalAddress, type SiteSettings } from '@agro/shared';

export interface BankDetails {
  accountName: string;
  bankName: string;
  accountNumber: string;
  /** IFSC, SWIFT/BIC, IBAN...: label and value, printed in this order. */
  codes: [string, string][];
  branch?: string;
}

export interface ProformaIssuer {
  name: string;
  address: string;
  phone: string;
  email: string;
  /** E.g. ['IEC', '0123456789'], ['GSTIN', '...']; empty when none are set. */
  registrations: [string, string][];
  /** Undefined: the proforma leaves the bank block out. */
  bank: BankDetails | undefined;
}

const REGISTRATION_LABELS = [
  ['iec', 'IEC'],
  ['gstin', 'GSTIN'],
  ['apedaRcmc', 'APEDA RCMC'],
  ['fssaiLicence', 'FSSAI licence'],
] as const;

/** The issuer as the settings say now: what is not set is left out. */
export function proformaIssuer(settings: SiteSettings): ProformaIssuer {
  const bank = settings.bankDetails;
  const codes = (
    [
      ['IFSC', bank.ifsc],
      ['SWIFT', bank.swift],
    ] as [string, string][]
  ).filter(([, value]) => value.trim() !== '');
  return {
    name: SITE.companyName,
    address: formatPostalAddress(settings.address),
    phone: settings.phone,
    email: settings.publicEmail,
    registrations: REGISTRATION_LABELS.map(([key, label]) => [label, settings.registrations[key]] as [string, string]).filter(
      ([, value]) => value.trim() !== '',
    ),
    bank:
      bank.accountNumber.trim() === ''
        ? undefined
        : {
            accountName: bank.accountName,
            bankName: bank.bankName,
            accountNumber: bank.accountNumber,
            codes,
            ...(bank.branch.trim() ? { branch: bank.branch } : {}),
          },
  };
}
