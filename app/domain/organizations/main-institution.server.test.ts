/**
 * One main institution (issue 28, item 5): the database refuses a second, and one function finds it.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@tests/database";
import { insertCause, insertInstitution } from "@tests/parties";
import { db, schema } from "~/platform/db.server";
import { clearOtherMainOrganizations } from "./organizations-admin.server";
import { findMainInstitution, mainInstitutionId } from "./organizations.server";

useTestDatabase();

const code = (error: unknown) => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const c = (e as { code?: string }).code;
    if (c) return c;
  }
  return null;
};

describe("the main institution", () => {
  it("a second main institution is refused by the database", async () => {
    const cause = await insertCause();
    const first = await insertInstitution(cause.id, { name: "AADORA", isMain: true });
    const error = await insertInstitution(cause.id, { name: "Outra", isMain: true }).catch((e: unknown) => e);
    expect(code(error)).toBe("23505"); // unique_violation
    const other = await insertInstitution(cause.id, { name: "Outra" });
    const update = await db
      .update(schema.organizations)
      .set({ isMain: true })
      .where(eq(schema.organizations.id, other.id))
      .catch((e: unknown) => e);
    expect(code(update)).toBe("23505");
    expect(await mainInstitutionId()).toBe(first.id);
    expect((await findMainInstitution())?.name).toBe("AADORA");
  });

  it("moving the mark clears the old main first, in one transaction", async () => {
    const cause = await insertCause();
    await insertInstitution(cause.id, { name: "AADORA", isMain: true });
    const next = await insertInstitution(cause.id, { name: "Nova Principal" });
    await db.transaction(async (tx) => {
      await clearOtherMainOrganizations(tx, next.id);
      await tx.update(schema.organizations).set({ isMain: true }).where(eq(schema.organizations.id, next.id));
    });
    expect(await mainInstitutionId()).toBe(next.id);
  });

  it("none marked: nobody", async () => {
    expect(await findMainInstitution()).toBeNull();
    expect(await mainInstitutionId()).toBeNull();
  });
});
