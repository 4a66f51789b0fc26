import { expect, type Page, test } from "@playwright/test";

// Issue 15, item 5: an admin refunds a gift and the party total drops (docs/decisions/151-refunds.md).
// On the demo data: Mariana's live party "mari3", the demo admin, the sandbox provider.
const parseBRL = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);

async function raisedOnPartyPage(page: Page) {
  const text = await page.getByRole("region", { name: "ONG/Causa escolhida" }).locator("dd").nth(1).innerText();
  return parseBRL(text);
}

/** The sandbox's events land a moment after the browser: reload until the party page shows the total. */
async function expectRaised(page: Page, cents: number) {
  await expect(async () => {
    await page.goto("/festa/mari3");
    expect(await raisedOnPartyPage(page)).toBe(cents);
  }).toPass({ timeout: 20_000 });
}

test("an admin refunds part of a gift, then the rest; the party total drops each time", async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const donor = `Doadora Reembolso ${stamp}`;

  await page.goto("/festa/mari3");
  const before = await raisedOnPartyPage(page);
  await page.goto("/doar?festa=mari3");
  await page.locator("label", { hasText: /^R\$ 50$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill(donor);
  await page.getByLabel("E-mail", { exact: true }).fill(`reembolso.${stamp}@exemplo.com.br`);
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar R$ 50,00" }).click();
  await page.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible();
  await expectRaised(page, before + 5_000);

  const admin = await (await browser.newContext()).newPage();
  await admin.goto(`/auth?redirectTo=${encodeURIComponent("/admin/doacoes?status=paga")}`);
  await admin.getByLabel("E-mail").fill("admin@festasolidaria.org.br");
  await admin.getByLabel("Senha", { exact: true }).fill("admin1234");
  await admin.getByRole("button", { name: "Entrar" }).click();
  await admin.waitForURL(/\/admin\/doacoes/);

  const row = admin.getByRole("row").filter({ hasText: donor });
  await row.getByText("Reembolsar", { exact: true }).click();
  await expect(row.getByLabel("Valor (R$)")).toHaveValue("50,00");
  // More than the gift: refused in the browser with the same message the server gives.
  await row.getByLabel("Valor (R$)").fill("60,00");
  await row.getByLabel("Motivo").fill("Doação em duplicidade");
  await row.getByRole("checkbox").check();
  await row.getByRole("button", { name: "Confirmar reembolso" }).click();
  await expect(row.getByText("O máximo que ainda pode ser reembolsado é R$ 50,00.")).toBeVisible();

  await row.getByLabel("Valor (R$)").fill("20,00");
  await row.getByRole("button", { name: "Confirmar reembolso" }).click();
  await expect(admin.getByText("Reembolso solicitado").first()).toBeVisible();
  await expectRaised(page, before + 3_000);

  await admin.reload();
  const again = admin.getByRole("row").filter({ hasText: donor });
  await expect(again.getByText("Reembolsado R$ 20,00")).toBeVisible();
  await again.getByText("Reembolsar", { exact: true }).click();
  await expect(again.getByLabel("Valor (R$)")).toHaveValue("30,00");
  await again.getByLabel("Motivo").fill("O doador pediu o restante");
  await again.getByRole("checkbox").check();
  await again.getByRole("button", { name: "Confirmar reembolso" }).click();
  await expect(admin.getByText("Reembolso solicitado").first()).toBeVisible();
  await expectRaised(page, before);

  await admin.goto("/admin/doacoes?status=reembolsada");
  await expect(admin.getByRole("row").filter({ hasText: donor })).toBeVisible();
});
