/**
 * The cursor Kysely's `.stream()` reads PostgreSQL through (the exports' batches, lib/lead-filters.ts):
 * pg-cursor, whose `close()` never resolves once its connection has failed.
 */
import type Cursor from 'pg-cursor';

/**
 * pg-cursor's `close()` sends Close and waits for the connection's next ReadyForQuery; a connection
 * that ended under the cursor (a restart, a failover, a cut network) never sends one, so Kysely's
 * `.stream()`, which closes its cursor when the reading stops, never ended: the export's download
 * hung and its connection never went back to the pool (node-postgres issues 2588 and 2642, open).
 * A cursor in its error state needs no Close: its error already sent Sync on a live connection
 * (which ends the statement and its portal), and a dead one has nothing left to close.
 */
export function closableCursor(PgCursor: typeof Cursor): typeof Cursor {
  return class ClosableCursor<Row> extends PgCursor<Row> {
    override close(): Promise<void>;
    override close(callback: (err: Error) => void): undefined;
    override close(callback?: (err: Error) => void): Promise<void> | undefined {
      if ((this as { state?: unknown }).state === 'error') {
        if (!callback) return Promise.resolve();
        // pg-cursor's own callbacks of close() get no argument.
        setImmediate(callback as () => void);
        return undefined;
      }
      return callback ? super.close(callback) : super.close();
    }
  };
}
