import { spawn } from "node:child_process";
import { expect, test, type Locator, type Page } from "@playwright/test";

// The floating WhatsApp button never covers what a visitor came to tap (issue 33): at 390 px it
// used to sit over /doar's gift amounts and the Pix page's QR code.
test.use({ viewport: { width: 390, height: 844 } });

const floating = (page: Page) => page.getByRole("link", { name: "Fale conosco pelo WhatsApp" });

async function overlaps(button: Locator, targets: Locator) {
  if ((await button.count()) === 0) return [];
  const a = (await button.boundingBox())!;
  const hits: string[] = [];
  for (const target of await targets.all()) {
    const b = await target.boundingBox();
    if (!b) continue;
    const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    if (!apart) hits.push((await target.innerText().catch(() => "")) || (await target.getAttribute("alt")) || "?");
  }
  return hits;
}

/** Scrolls the page down in steps, checking at each one: whatever passes under the corner. */
async function neverCovered(page: Page, targets: Locator) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 200) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    expect(await overlaps(floating(page), targets), `scrolled to ${y}px`).toEqual([]);
  }
}

test("the button is on a reading page, with the configured number", async ({ page }) => {
  await page.goto("/como-funciona");
  await expect(floating(page)).toBeVisible();
  await expect(floating(page)).toHaveAttribute("href", /^https:\/\/wa\.me\/\d{10,15}\?text=/);
});

test("at 390 px nothing on /doar (the gift amounts, the form) is under the button", async ({ page }) => {
  await page.goto("/doar?festa=mari3");
  const amounts = page.locator("label", { hasText: /^R\$ \d+$/ });
  await expect(amounts.first()).toBeVisible();
  await neverCovered(page, page.locator("form label, form input, form button"));
});

test("at 390 px the Pix page's QR code and its copy button are never under the button", async ({ page }) => {
  await page.goto("/doar?festa=mari3");
  await page.locator("label", { hasText: /^R\$ 50$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill("Convidada Pix");
  await page.getByLabel("E-mail", { exact: true }).fill(`pix.${Date.now().toString(36)}@exemplo.com.br`);
  await page.getByRole("button", { name: "Doar R$ 50,00" }).click();
  await expect(page).toHaveURL(/\/doar\/pix\//);
  const qr = page.getByRole("img", { name: "QR code do Pix" });
  await expect(qr).toBeVisible();
  await neverCovered(page, page.locator('img, button, input, a[href*="banco"]'));
});

test("without WHATSAPP_NUMBER there is no button and no WhatsApp link to the site's own number", async ({ page }) => {
  // A second server of the same build, configured without the number.
  const port = 3100 + Math.floor(Math.random() * 2000) + 2000;
  const server = spawn(process.execPath, ["tests/e2e/start-server.js"], {
    env: { ...process.env, PORT: String(port), WHATSAPP_NUMBER: "" },
    stdio: "ignore",
  });
  try {
    const base = `http://localhost:${port}`;
    await expect(async () => expect((await page.request.get(`${base}/healthz`)).ok()).toBe(true)).toPass({ timeout: 60_000 });
    for (const path of ["/", "/como-funciona", "/contato", "/transparencia"]) {
      await page.goto(base + path);
      await expect(floating(page)).toHaveCount(0);
      await expect(page.locator('a[href^="https://wa.me/"]')).toHaveCount(0);
    }
  } finally {
    server.kill("SIGTERM");
  }
});
