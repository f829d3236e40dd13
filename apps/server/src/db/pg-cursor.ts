/**
 * The cursor Kysely's `.stream()` reads PostgreSQL through (the exports' batches, modules/leads/filters.ts):
 * pg-cursor, whose read or close never ends once its connection fails at the wrong moment.
 */
import type Cursor from 'pg-cursor';

/** What of pg-cursor's state this file reads (not in its types). */
interface CursorState {
  state: 'initialized' | 'submitted' | 'idle' | 'busy' | 'done' | 'error';
  /** The read waiting for its rows. */
  _cb: ((err: Error) => void) | null;
}

/**
 * pg-cursor waits for a ReadyForQuery, which a connection that ended under it (a restart, a failover,
 * a cut network) never sends, in two places, so Kysely's `.stream()` never ended: the export's
 * download hung and its connection never went back to the pool.
 * - `close()` sends Close and Sync and waits for it (node-postgres issues 2588 and 2642, open). A
 *   cursor in its error state needs no Close: its error already sent Sync on a live connection
 *   (which ends the statement and its portal), and a dead one has nothing left to close.
 * - The read after the last row: the CommandComplete makes the cursor send Close and Sync and mark
 *   itself done, and the read is answered at the ReadyForQuery. pg-cursor ignores an error that
 *   comes in between (the cursor is done); the read and any close() then waiting get it here.
 */
export function closableCursor(PgCursor: typeof Cursor): typeof Cursor {
  return class ClosableCursor<Row> extends PgCursor<Row> {
    /** close() calls waiting for the ReadyForQuery. */
    #closing: Array<() => void> = [];

    override close(): Promise<void>;
    override close(callback: (err: Error) => void): undefined;
    override close(callback?: (err: Error) => void): Promise<void> | undefined {
      const { state } = this as unknown as CursorState;
      // pg-cursor's own callbacks of close() get no argument.
      const settled = new Promise<void>((resolve) => {
        if (state === 'error') return void setImmediate(resolve);
        // Ended by the ReadyForQuery, or by handleError below when the connection fails first.
        this.#closing.push(resolve);
        super.close(() => resolve());
      });
      if (!callback) return settled;
      void settled.then(callback as () => void);
      return undefined;
    }

    /** Called by the client with the connection's error (pg's client.js, `_errorAllQueries`). */
    handleError(error: Error): void {
      const cursor = this as unknown as CursorState;
      if (cursor.state !== 'done') {
        (PgCursor.prototype as unknown as { handleError(this: unknown, error: Error): void }).handleError.call(this, error);
        return;
      }
      const read = cursor._cb;
      cursor._cb = null;
      read?.(error);
      for (const done of this.#closing.splice(0)) done();
    }
  };
}
