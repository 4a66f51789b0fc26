import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { AD_PLACEMENTS } from "~/domain/content/content-kinds";
import { DEMO_ADS } from "~/seed/demo-data";
import { seedDemoData } from "~/seed/seed.server";
import { getSponsorAd, isSafeAdUrl, listActiveAdsForPlacement, pickAd } from "./ads.server";

function ad(id: string, ctaUrl = "https://example.com", imageUrl: string | null = "/images/ads/bolo.svg") {
  return { id, title: id, description: "", ctaText: "Ver", ctaUrl, sponsor: "S", imageUrl };
}

describe("sponsor ads", () => {
  it("offers each placement exactly the active ads assigned to it", async () => {
    await seedDemoData({ withUsers: false });
    for (const placement of AD_PLACEMENTS) {
      const titles = (await listActiveAdsForPlacement(placement)).map((a) => a.title);
      expect(titles).toEqual(DEMO_ADS.filter((a) => a.placements.includes(placement)).map((a) => a.title));
      expect(titles.length).toBeGreaterThan(0);
    }
  });

  it("never shows an inactive ad and gives null when a page has none", async () => {
    await seedDemoData({ withUsers: false });
    await db.update(schema.sponsorAds).set({ active: false }).where(eq(schema.sponsorAds.title, DEMO_ADS[2]!.title));
    // Farmácia Viva was one of the two 'causas' ads: only Banco Parceiro is left.
    for (let i = 0; i < 5; i++) expect((await getSponsorAd("causas", () => i / 5))?.sponsor).toBe("Banco Parceiro");
    await db.update(schema.sponsorAds).set({ active: false });
    expect(await getSponsorAd("home")).toBeNull();
  });

  it("picks uniformly by the injected random number", async () => {
    await seedDemoData({ withUsers: false });
    const home = DEMO_ADS.filter((a) => a.placements.includes("home")).map((a) => a.sponsor);
    expect(home).toHaveLength(3);
    expect((await getSponsorAd("home", () => 0))?.sponsor).toBe(home[0]);
    expect((await getSponsorAd("home", () => 0.5))?.sponsor).toBe(home[1]);
    expect((await getSponsorAd("home", () => 0.999))?.sponsor).toBe(home[2]);
  });

  it("drops ads whose link is not http(s) or a same-site path, and unsafe images", () => {
    expect(pickAd([ad("a", "javascript:alert(1)")])).toBeNull();
    expect(pickAd([ad("a", "//evil.example")])).toBeNull();
    expect(pickAd([ad("a", "/doar")])?.id).toBe("a");
    expect(pickAd([ad("a", "https://x.example", "javascript:alert(1)")])?.imageUrl).toBeNull();
    expect(pickAd([])).toBeNull();
  });

  it("refuses site paths a browser reads as another host (security review finding 8)", () => {
    for (const url of ["/\\evil.example", "/\\/evil.example", "/.//evil.example", "/..//evil.example"]) {
      expect(isSafeAdUrl(url), url).toBe(false);
      expect(pickAd([ad("a", url)]), url).toBeNull();
    }
    expect(isSafeAdUrl("/festa/abc12?x=1")).toBe(true);
  });
});
