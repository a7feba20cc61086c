/**
 * The one thing the jobs need of a database: a parameterised statement and its rows. Both engines
 * (node-postgres against NETLIFY_DB_URL, the embedded PGlite) answer it as they are; src/db/ binds them,
 * with a deadline on every call. A type only: core/ does no I/O.
 */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
}
