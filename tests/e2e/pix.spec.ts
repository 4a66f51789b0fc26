import { expect, type Page, test } from "@playwright/test";

// Issue 15: a Pix gift on the demo data (Mariana's live party "mari3"), paid at the sandbox's
// "banco de testes"; the Pix page turns into the confirmation by itself.
const parseBRL = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);
const raisedOnPartyPage = async (page: Page) =>
  parseBRL(await page.getByRole("region", { name: "ONG/Causa escolhida" }).locator("dd").nth(1).innerText());

test("a guest gives R$ 50 by Pix: QR and copy button, the test bank pays, the page confirms without a reload, the party total moves", async ({
  page,
  context,
}) => {
  await page.goto("/festa/mari3");
  const before = await raisedOnPartyPage(page);

  await page.goto("/doar?festa=mari3");
  await expect(page.getByLabel("Pix", { exact: true })).toBeChecked();
  await page.locator("label", { hasText: /^R\$ 50$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill("Convidada Pix");
  await page.getByLabel("E-mail", { exact: true }).fill(`pix.${Date.now().toString(36)}@exemplo.com.br`);
  await page.getByRole("button", { name: "Doar R$ 50,00" }).click();

  await expect(page).toHaveURL(/\/doar\/pix\/[0-9a-f-]{36}\.[\w-]{22}$/);
  await expect(page.getByRole("heading", { name: "R$ 50,00" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code do Pix" })).toBeVisible();
  const code = await page.getByLabel("Pix copia e cola").inputValue();
  expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*540550\.00.*6304[0-9A-F]{4}$/);
  await expect(page.getByTestId("pix-contagem")).toHaveText(/^(30|29):\d\d$/);
  // The institution's CNPJ line (the operator's CNPJ also shows, beside the code and in the footer).
  await expect(page.getByText(/^CNPJ \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2} · /)).toBeVisible();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copiar código Pix" }).click();
  await expect(page.getByRole("button", { name: "Código copiado!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // A marker that a reload would wipe: the confirmation must come without one.
  await page.evaluate(() => Object.assign(window, { pixNoReload: true }));

  const bank = await context.newPage();
  await bank.goto((await page.getByRole("link", { name: "Abrir o banco de testes" }).getAttribute("href"))!);
  await expect(bank.getByRole("heading", { name: "Banco de testes — pagar Pix" })).toBeVisible();
  await bank.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(bank.getByText("Pix enviado.")).toBeVisible();
  await bank.close();

  await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { pixNoReload?: boolean }).pixNoReload)).toBe(true);

  await page.getByRole("link", { name: "Ver Festa" }).click();
  // A party address no cache served before this gift (decision 134).
  await expect(page).toHaveURL(/\/festa\/mari3\?doacao=\d+$/);
  await expect(async () => {
    await page.reload();
    expect(await raisedOnPartyPage(page)).toBe(before + 5000);
  }).toPass({ timeout: 15_000 });
});
