import { expect, type Page, test } from "@playwright/test";

// XSS in the browser (issue 9): payloads typed into the party's and the donor's free-text fields
// go through the real forms and the sandbox payment, then the party page opens in Chromium: no
// dialog fires, no element is injected, the text reads as typed. The server-side half (every field,
// every page) is tests/security/xss.test.ts.
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };

function saoPauloDate(daysFromToday: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + daysFromToday, 12)).toISOString().slice(0, 10);
}

/** A payload that would set window.__xss (and open a dialog) if any part of it ran. */
const attack = (tag: string) => `<img src=x onerror="window.__xss='${tag}';alert('${tag}')"><script>window.__xss='${tag}'</script>`;

async function watchForScripts(page: Page, dialogs: string[]) {
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
}

async function expectNothingInjected(page: Page, dialogs: string[]) {
  await page.waitForLoadState("networkidle");
  const injected = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: string }).__xss ?? null,
    images: document.querySelectorAll('img[src="x"], img[onerror]').length,
    // An injected <script>window.__xss=…</script> (the hydration data mentions the text, escaped, inside its JSON).
    scripts: [...document.scripts].filter((s) => s.textContent?.trim().startsWith("window.__xss")).length,
  }));
  expect(injected).toEqual({ flag: null, images: 0, scripts: 0 });
  expect(dialogs).toEqual([]);
}

test("script and HTML in party and donor texts render as text in Chromium: no dialog, no injected element", async ({ page }) => {
  const dialogs: string[] = [];
  await watchForScripts(page, dialogs);
  const stamp = Date.now().toString(36);
  const partyName = `Festa ${stamp} <img src=x onerror="window.__xss='name'">`;
  const partyMessage = attack("message");
  const donorName = `Ana <b>${stamp}</b><img src=x onerror=alert(1)>`;
  const donorMessage = attack("donor");

  await page.goto("/auth?redirectTo=%2Fcriar-festa");
  await page.getByLabel("E-mail").fill(MARIANA.email);
  await page.getByLabel("Senha").fill(MARIANA.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/criar-festa$/);

  await page.getByLabel("Nome da festa").fill(partyName);
  await page.getByLabel("Tipo de evento").selectOption("Outro");
  await page.getByLabel("Data do evento").fill(saoPauloDate(5));
  await page.getByLabel("ONG/Causa", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Por que escolhi essa ONG/Causa (opcional)").fill(partyMessage);
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  // The share moment shows the name first, then the party's card on /painel.
  await expect(page).toHaveURL(/\/painel\/festa\/[0-9a-z]{5}\?nova=1$/);
  await expect(page.getByRole("heading", { name: "Sua festa está no ar!" })).toBeVisible();
  await expectNothingInjected(page, dialogs);
  await page.goto("/painel");
  const card = page.locator("[data-party]").filter({ hasText: stamp });
  await expect(card).toBeVisible();
  await expect(card).toContainText(partyName);
  const code = await card.getAttribute("data-party");
  await expectNothingInjected(page, dialogs);

  await page.goto(`/doar?festa=${code}`);
  await page.locator("label", { hasText: /^R\$ 25$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill(donorName);
  await page.getByLabel("E-mail", { exact: true }).fill(`xss.${stamp}@exemplo.com.br`);
  await page.getByLabel("Mensagem (opcional)").fill(donorMessage);
  // The card checkout (Pix is the default; its journey is pix.spec.ts).
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar R$ 25,00" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await expectNothingInjected(page, dialogs);
  await page.getByRole("button", { name: "Pagar R$ 25,00" }).click();
  await expect(page).toHaveURL(/\/doacao-sucesso/);

  // The webhook lands a moment later: reload until the gift shows.
  await expect(async () => {
    await page.goto(`/festa/${code}`);
    await expect(page.getByRole("region", { name: "Contribuições Recentes" }).getByText(donorName)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(partyName);
  await expect(page.getByText(partyMessage)).toBeVisible();
  await expect(page.getByText(donorMessage)).toBeVisible();
  await expectNothingInjected(page, dialogs);

  // The same page after a client-side navigation (rendered by React in the browser, not the server).
  await page.goto("/eventos");
  await page.getByRole("link", { name: partyName }).first().click();
  await expect(page).toHaveURL(new RegExp(`/festa/${code}$`));
  await expect(page.getByText(donorMessage)).toBeVisible();
  await expectNothingInjected(page, dialogs);
});
