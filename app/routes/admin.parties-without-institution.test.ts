/** Issue 14: the admin panel lists the parties left without an institution (nobody to receive their gifts). */
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminGet, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { insertParty } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { adminTabLoader as loader } from "@tests/admin";

type PartiesTab = {
  rows: Array<{ name: string; organizationName: string | null }>;
  total: number;
  withoutInstitution: number;
  onlyWithoutInstitution: boolean;
};

async function partiesTab(cookie: string, query = "") {
  const result = (await loader(routeArgs(adminGet(`/admin/festas${query}`, cookie)))) as unknown as { data: PartiesTab };
  return result.data;
}

describe("Festas without an institution", () => {
  it("counts them, names each party's institution, and lists only them with ?sem=instituicao", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });

    const none = await partiesTab(cookie);
    expect(none.withoutInstitution).toBe(0);
    expect(none.rows.every((r) => r.organizationName === "AADORA")).toBe(true);

    await insertParty({ userId: fx.owner.id, causeId: fx.cause.id, name: "Festa órfã" });
    const all = await partiesTab(cookie);
    expect(all.withoutInstitution).toBe(1);
    expect(all.total).toBe(3);
    expect(all.rows.find((r) => r.name === "Festa órfã")?.organizationName).toBeNull();

    const only = await partiesTab(cookie, "?sem=instituicao");
    expect(only).toMatchObject({ onlyWithoutInstitution: true, total: 1, withoutInstitution: 1 });
    expect(only.rows.map((r) => r.name)).toEqual(["Festa órfã"]);

    // Any other value is ignored (the whole list).
    expect((await partiesTab(cookie, "?sem=qualquer")).total).toBe(3);
  });
});
