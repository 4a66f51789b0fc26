import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { seedDemoData } from "~/seed/seed.server";
import { loader } from "~/routes/sitemap[.]xml";

describe("sitemap.xml", () => {
  it("lists the public pages and only live parties (active, until 5 days after the event)", async () => {
    await seedDemoData();
    await db.update(schema.parties).set({ active: false }).where(eq(schema.parties.shareCode, "natal"));
    const response = await loader({ context: testContext() } as never);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of ["/", "/causas", "/historias", "/transparencia", "/contato"]) {
      expect(xml).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(xml).toContain("<loc>http://localhost:3000/festa/mari3</loc>");
    expect(xml).not.toContain("/festa/bia08"); // event 20 days ago
    expect(xml).not.toContain("/festa/natal"); // deactivated
    expect(xml).not.toContain("/admin");
    // Every active institution's public page, none of an inactive one.
    const active = await db
      .select({ slug: schema.organizations.slug })
      .from(schema.organizations)
      .where(eq(schema.organizations.active, true));
    expect(active.length).toBeGreaterThan(1);
    for (const { slug } of active) expect(xml).toContain(`<loc>http://localhost:3000/causas/${slug}</loc>`);
    const [hidden] = active;
    await db.update(schema.organizations).set({ active: false }).where(eq(schema.organizations.slug, hidden!.slug));
    const again = await (await loader({ context: testContext() } as never)).text();
    expect(again).not.toContain(`/causas/${hidden!.slug}<`);
  });
});
