import { sql } from 'drizzle-orm';

/** A SQL list of string literals for CHECK constraints: 'a', 'b'. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
