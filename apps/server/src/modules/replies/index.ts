/** What replies by mail offer the app: this process's reader, for /readyz and /metrics. */
import type { ReplyReader } from './reader.js';

export interface ReplyMailbox {
  /** This process's reader, when IMAP_URL is set. */
  reader: ReplyReader | undefined;
}
