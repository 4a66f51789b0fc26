import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { describe, expect, it } from "vitest";
import { seedDemoData } from "~/seed/seed.server";
import { loader } from "./causas";

async function load(query = "") {
  return loader({ request: new Request(`http://localhost/causas${query}`), params: {}, context: testContext() } as never);
}

describe("/causas", () => {
  it("lists every active NGO with the main charity first", async () => {
    await seedDemoData({ withUsers: false });
    const { organizations, cities } = await load();
    expect(organizations).toHaveLength(6);
    expect(organizations[0]!.slug).toBe("aadora");
    expect(cities.map((c) => c.city)).toContain("Belo Horizonte");
  });

  it("filters by city and by cause from the URL", async () => {
    await seedDemoData({ withUsers: false });
    const byCity = await load("?cidade=Belo+Horizonte");
    expect(byCity.organizations.map((o) => o.slug).sort()).toEqual(["aadora", "patinhas-do-bem"]);
    const fome = byCity.causes.find((c) => c.name === "Combate à Fome")!;
    expect((await load(`?causa=${fome.id}`)).organizations.map((o) => o.slug)).toEqual(["prato-cheio"]);
    expect((await load(`?causa=${fome.id}&cidade=Belo+Horizonte`)).organizations).toEqual([]);
    expect((await load("?causa=&cidade=")).organizations).toHaveLength(6);
  });

  it("answers unknown or malformed filter values with the empty state, not an error", async () => {
    await seedDemoData({ withUsers: false });
    for (const q of [
      "?causa=nao-existe",
      "?causa=00000000-0000-0000-0000-000000000000",
      "?cidade=Atlantida",
      `?causa=${"x".repeat(500)}`,
      "?causa='%3B--",
    ]) {
      const { organizations } = await load(q);
      expect(organizations, q).toEqual([]);
    }
  });
});
