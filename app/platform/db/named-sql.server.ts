/**
 * SQL text with named parameters (`:name`, never a `::cast`), for statements written as text:
 * bound through drizzle inside a transaction, or run as a named prepared statement on the hot path.
 */
import { type SQL, sql } from "drizzle-orm";
import { queryPrepared } from "~/platform/db.server";

const NAMED = /(?<!:):([a-zA-Z]\w*)\b/g;

/** Replaces each `:name` in `text` by a bound parameter holding values[name] (for executor.execute). */
export function bindNamed(text: string, values: Record<string, unknown>): SQL {
  const parts = text.split(/(?<!:):([a-zA-Z]\w*)\b/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[part]}`)),
    sql``,
  );
}

/**
 * A statement parsed and planned once per pooled connection (see queryPrepared): its text is
 * turned into positional parameters once, here; `run` binds the named values.
 */
export function preparedStatement<Row>(name: string, text: string) {
  const names: string[] = [];
  const positional = text.replace(NAMED, (_, param: string) => {
    let index = names.indexOf(param);
    if (index === -1) index = names.push(param) - 1;
    return `$${index + 1}`;
  });
  return {
    text: positional,
    run: (values: Record<string, unknown>) =>
      queryPrepared<Row>(
        name,
        positional,
        names.map((n) => {
          if (!(n in values)) throw new Error(`missing parameter ${n} for ${name}`);
          return values[n];
        }),
      ),
  };
}
