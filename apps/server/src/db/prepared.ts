import type { Db } from "./client.ts";

/**
 * A query built once per database and kept, for the calls every signed-in request makes: its
 * SQL is not built again each time (drizzle's query building was a fifth of the server's time
 * under a signed-in crowd), and on PostgreSQL it is a named prepared statement, parsed and
 * planned once per connection and sent as a short Bind/Execute (docs/performance.md, "A
 * crowd"). `build` prepares it with `sql.placeholder()` for the values that change. A
 * transaction is a new `Db` each time: its statement is built for it, as without this.
 */
export function prepared<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
