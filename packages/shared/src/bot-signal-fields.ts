import { z } from 'zod';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from './bot-signals.js';

/**
 * The bot signals as body fields of the server's route schemas (documented in the OpenAPI
 * document). Apart from bot-signals.ts, which the first page's code reads: zod stays off that page.
 */
export const botSignalFields = {
  [HONEYPOT_FIELD]: z
    .unknown()
    .optional()
    .meta({ type: 'string', description: 'Leave out or empty. The hidden field of the page that only programs fill in.' }),
  [FILL_TIME_FIELD]: z.unknown().optional().meta({
    type: 'number',
    description:
      'Optional: milliseconds from the form first shown to its submission (the page sends it). Below the form\u2019s minimum, the request counts as a program\u2019s.',
  }),
};
