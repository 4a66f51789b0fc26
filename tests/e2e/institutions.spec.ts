import { expect, test } from "@playwright/test";

// Issue 14 journey on the demo data (app/seed/demo-data.ts): "Instituto Prato Cheio" has the
// fictitious CNPJ 21.593.847/0001-05 and is verified by the seed.
const PRATO = { name: "Instituto Prato Cheio", details: "CNPJ 21.593.847/0001-05 · Contagem - MG" };

test("a gift from an NGO's 'Doar Agora' on /causas lands at that NGO: /doar, the result page and the receipt name it with its CNPJ", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const donor = { name: `Doadora ${stamp}`, email: `doadora.${stamp}@exemplo.com.br` };

  await page.goto("/causas");
  await page
    .getByRole("link", { name: `Doar Agora para ${PRATO.name}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/doar\?ong=prato-cheio$/);

  const institution = page.getByTestId("instituicao");
  await expect(institution).toContainText(PRATO.name);
  await expect(institution).toContainText(PRATO.details);
  await expect(institution.getByText("verificada")).toBeVisible();
  // The impact panel speaks of this cause (food), not of the main charity's.
  await expect(page.getByText("Garante cinco refeições na cozinha comunitária.")).toBeVisible();

  await page.locator("label", { hasText: /^R\$ 25$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill(donor.name);
  await page.getByLabel("E-mail", { exact: true }).fill(donor.email);
  await page.getByRole("button", { name: "Doar R$ 25,00" }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await expect(page.getByText(`Doação para ${PRATO.name}`)).toBeVisible();
  await page.getByRole("button", { name: "Pagar R$ 25,00" }).click();

  await expect(page).toHaveURL(/\/doacao-sucesso\?ong=prato-cheio$/);
  await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible();
  const destination = page.getByTestId("instituicao");
  await expect(destination).toContainText("Sua doação vai para");
  await expect(destination).toContainText(PRATO.name);
  await expect(destination).toContainText(PRATO.details);

  // The receipt is queued when the sandbox's signed event is processed: a moment after the redirect.
  await expect(async () => {
    await page.goto("/dev/emails");
    const receipt = page.locator("li").filter({ hasText: donor.email });
    await expect(receipt.getByRole("heading", { name: /^Recibo da sua doação nº \d{6} — R\$ 25,00$/ })).toBeVisible({ timeout: 1_000 });
    await expect(receipt.getByText(`Instituição: ${PRATO.name} (verificada)`)).toBeVisible({ timeout: 1_000 });
    await expect(receipt.getByText("CNPJ da instituição: 21.593.847/0001-05")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test("the /causas#slug deep link still lands on the NGO's section, whose 'Doar Agora' gives to that NGO", async ({ page }) => {
  await page.goto("/causas#prato-cheio");
  const section = page.locator("#prato-cheio");
  await expect(section.getByRole("heading", { name: PRATO.name })).toBeInViewport();
  await expect(section.getByText("CNPJ 21.593.847/0001-05")).toBeVisible();
  await section.getByRole("link", { name: `Doar Agora para ${PRATO.name}` }).click();
  await expect(page).toHaveURL(/\/doar\?ong=prato-cheio$/);
});

test("an unknown institution gets a pt-BR message, no form, and a way to /causas", async ({ page }) => {
  const response = await page.goto("/doar?ong=nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText(/Não encontramos esta instituição/);
  await expect(page.getByRole("button", { name: /^Doar/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Ver Causas e ONGs" }).click();
  await expect(page).toHaveURL(/\/causas$/);
});
