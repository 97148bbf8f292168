import pg from 'pg';
import { actingContextSetting } from './acting-context';

type Done = (release?: Error | boolean) => void;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Done) => void;

/** The setting a connection carries now ('' for none), remembered on the connection itself. */
const carried = new WeakMap<pg.PoolClient, string>();

const SET_CONTEXT = 'select set_config(\'licensing.audit_context\', $1, false)';

/**
 * A pool whose connections carry the acting context (acting-context.ts) of whoever checks them out,
 * as the session setting `licensing.audit_context`: the audit triggers read it in the statements'
 * own transaction. The context is taken when connect() or query() is called, in the caller's async
 * context (a checkout that waits is handed over later, from another request's). The setting is set
 * only when it differs from what the connection carries, so a call with no context on a connection
 * that never had one costs no statement (the runtime paths' case); a connection that carried one
 * is reset to '' before it serves a call without.
 */
export class ActingContextPool extends pg.Pool {
  // pool.query() checks a connection out through connect(), so both go through here.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const wanted = actingContextSetting();
    if (callback) {
      (super.connect as (cb: ConnectCallback) => void)((error, client, done) => {
        if (error || !client || (carried.get(client) ?? '') === wanted) return callback(error, client, done);
        client.query(SET_CONTEXT, [wanted], (setError: Error | null) => {
          if (setError) {
            done(setError);
            return callback(setError, undefined, () => {});
          }
          carried.set(client, wanted);
          callback(undefined, client, done);
        });
      });
      return;
    }
    return super.connect().then(async (client) => {
      if ((carried.get(client) ?? '') === wanted) return client;
      try {
        await client.query(SET_CONTEXT, [wanted]);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      carried.set(client, wanted);
      return client;
    });
  }
}
