import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { Database } from "./client.ts";

/**
 * Each foreign key of the app's tables whose columns do not lead a whole (not partial) index. Deleting or updating a
 * referenced row looks up the referencing rows by these columns: without such an index every cascade of an account
 * deletion reads the whole table (issue 58: 0.68 s for one community member at 100,000 men, 7.7 ms with them). An
 * index on (a, b) serves a key on (a) or on (b, a); a partial one serves only the rows its predicate keeps.
 */
const unindexedForeignKeys = `
  select c.conrelid::regclass::text as "table", c.conname as "constraint",
         array_to_string(array(select a.attname from unnest(c.conkey) with ordinality k(attnum, ord)
                               join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
                               order by k.ord), ', ') as "columns"
    from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace
   where c.contype = 'f' and n.nspname = 'public'
     and not exists (
       select 1 from pg_index i
        where i.indrelid = c.conrelid and i.indpred is null and i.indisvalid
          -- int2vector subscripts start at 0; through text it becomes an ordinary array.
          and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] @> c.conkey
          and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] <@ c.conkey)
   order by 1, 2`;

/**
 * Each plain index (not unique, not partial, no expression) whose columns lead another whole index of its table: the
 * longer one serves every read the shorter one would, and each write of the table pays for both (decision 0191: a
 * marked milestone wrote six indexes where five serve).
 */
const redundantIndexes = `
  select a.indexrelid::regclass::text as "index", b.indexrelid::regclass::text as "servedBy"
    from pg_index a
    join pg_index b on b.indrelid = a.indrelid and b.indexrelid <> a.indexrelid
    join pg_class t on t.oid = a.indrelid
    join pg_namespace n on n.oid = t.relnamespace
   where n.nspname = 'public' and not a.indisunique
     and a.indpred is null and b.indpred is null and a.indexprs is null and b.indexprs is null
     and cardinality(string_to_array(b.indkey::text, ' ')) >= cardinality(string_to_array(a.indkey::text, ' '))
     and (string_to_array(b.indkey::text, ' ')::int2[])[1:cardinality(string_to_array(a.indkey::text, ' '))]
       = string_to_array(a.indkey::text, ' ')::int2[]
   order by 1, 2`;

describe("every foreign key has an index (issue 58)", () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("finds a foreign key without one, so the check below can fail", async () => {
    await database.executeSql(
      "create table fk_probe (id int primary key, user_id text references users(id) on delete cascade)",
    );
    try {
      const { rows } = await database.executeSql(unindexedForeignKeys);
      expect(rows).toContainEqual({ table: "fk_probe", constraint: "fk_probe_user_id_fkey", columns: "user_id" });
      await database.executeSql("create index fk_probe_partial on fk_probe (user_id) where id > 0");
      expect((await database.executeSql(unindexedForeignKeys)).rows).toContainEqual(
        expect.objectContaining({ table: "fk_probe" }),
      );
      await database.executeSql("create index fk_probe_user on fk_probe (user_id, id)");
      expect((await database.executeSql(unindexedForeignKeys)).rows).not.toContainEqual(
        expect.objectContaining({ table: "fk_probe" }),
      );
    } finally {
      await database.executeSql("drop table fk_probe");
    }
  });

  it("after the migrations, every foreign key's columns lead an index", async () => {
    const { rows } = await database.executeSql(unindexedForeignKeys);
    expect(rows).toEqual([]);
  });

  it("finds an index another one already serves, so the check below can fail", async () => {
    await database.executeSql("create table index_probe (id int primary key, a int, b int)");
    try {
      await database.executeSql("create index index_probe_a on index_probe (a)");
      await database.executeSql("create index index_probe_a_b on index_probe (a, b)");
      await database.executeSql("create index index_probe_b_a on index_probe (b, a)");
      expect((await database.executeSql(redundantIndexes)).rows).toEqual([
        { index: "index_probe_a", servedBy: "index_probe_a_b" },
      ]);
    } finally {
      await database.executeSql("drop table index_probe");
    }
  });

  it("after the migrations, no plain index is the start of another (decision 0191)", async () => {
    const { rows } = await database.executeSql(redundantIndexes);
    expect(rows).toEqual([]);
  });
});
