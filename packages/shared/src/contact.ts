import { z } from 'zod';
import { VALIDATION as V } from './messages.js';
import { isEmail, optionalString, requiredLine, requiredNumber, requiredString } from './validation.js';

const R = V.contactRequired;

/** POST /api/v1/contact/addNewContact body. */
export const contactSchema = z.object({
  fullName: requiredLine(R, 100),
  email: requiredString(R, 254).refine(isEmail, { error: V.invalidEmail }),
  companyName: requiredLine(R, 200),
  country: requiredLine(R, 100),
  productId: requiredLine(R, 64),
  estimatedQuantity: requiredNumber(R, 1, R),
  description: requiredString(R, 5000),
  productName: optionalString(200),
});
export type ContactInput = z.infer<typeof contactSchema>;
export const contactMessageOrder = [R, V.invalidEmail] as const;
