/**
 * SPEC.md section 5's validation messages, exactly as quoted (see messages.ts).
 */
import { messages } from '../locales/en/messages.json';

/** Validation messages (SPEC.md section 5), from the English message file. */
export const VALIDATION = messages.validation;
