/** A new installation says what is missing: in the start-up log, and on /criar-festa to admins. */
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { insertCause } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { loader } from "~/routes/criar-festa";
import { getSetupStatus, setupMessage } from "./setup-status.server";

const load = (cookie: string) => loader({ request: authedRequest("/criar-festa", { cookie }), params: {}, context: {} } as never);

describe("setup status", () => {
  it("an empty database: every step, in order, in one log line", async () => {
    const status = await getSetupStatus();
    expect(status).toEqual({ hasAdmin: false, hasInstitution: false, hasCause: false, complete: false });
    const message = setupMessage(status)!;
    expect(message).toMatch(
      /^Configuração inicial pendente: nenhuma festa pode ser criada ainda\. Passos: \(1\) .*npm run admin -- grant EMAIL; \(2\) .*\/admin\/causas.*; \(3\) .*\/admin\/ongs/,
    );
    expect(message).not.toContain("\n");
  });

  it("complete once there is an admin, an active cause and an active, verified institution of it", async () => {
    await createTestUser({ admin: true });
    const cause = await insertCause();
    expect(setupMessage(await getSetupStatus())).toContain("(1) em /admin/ongs");
    const [org] = await db
      .insert(schema.organizations)
      .values({ name: "AADORA", slug: "aadora", causeId: cause.id, city: "BH", state: "MG", description: "Apoio" })
      .returning();
    // Not verified yet: /criar-festa could not offer it.
    expect((await getSetupStatus()).hasInstitution).toBe(false);
    await db.update(schema.organizations).set({ verifiedAt: new Date() }).where(eq(schema.organizations.id, org!.id));
    const status = await getSetupStatus();
    expect(status.complete).toBe(true);
    expect(setupMessage(status)).toBeNull();
  });

  it("/criar-festa lists the missing steps to an admin only", async () => {
    const admin = await createTestUser({ admin: true });
    const guest = await createTestUser();
    const forAdmin = (await load(admin.cookie)) as { setupSteps: string[] | null; institutions: unknown[] };
    expect(forAdmin.setupSteps).toHaveLength(2);
    expect(forAdmin.setupSteps![0]).toContain("/admin/causas");
    const forGuest = (await load(guest.cookie)) as { setupSteps: string[] | null; institutions: unknown[] };
    expect(forGuest.setupSteps).toBeNull();
    expect(forGuest.institutions).toEqual([]); // the page shows "Ainda não há causas disponíveis"
  });
});
