/**
 * The issuer printed on a proforma invoice: the company's name, address and contacts, and its bank
 * details and registrations where they are known. Today they come from packages/shared/src/site.ts
 * (the same lines the quotation PDF prints) and there are no bank details; this is the one place to
 * read them from the site settings instead (issue 26) once those exist.
 */
import { SITE, formatAddress } from '@agro/shared';
import type { DbOrTx } from '../../db/index.js';

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

/** The issuer as of now (`db` is unused until the settings of issue 26 are read here). */
export async function proformaIssuer(_db: DbOrTx): Promise<ProformaIssuer> {
  return {
    name: SITE.companyName,
    address: formatAddress(),
    phone: SITE.phone,
    email: SITE.email,
    registrations: [],
    bank: undefined,
  };
}
