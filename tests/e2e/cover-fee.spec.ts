import { expect, test } from "@playwright/test";

// Issue 29, item 5 (decision 216) on the demo data (the live party "mari3", fee 10%): the box to
// cover the fee is unticked, names the fee for the chosen amount live, and ticked the button asks
// for gift + fee; the sandbox charges that, and the receipt e-mail says "Taxa coberta por você".
test("a guest covers the fee: R$ 55,00 charged, the institution gets R$ 50,00, the receipt names the fee covered", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const guest = { name: `Convidada Taxa ${stamp}`, email: `taxa.${stamp}@exemplo.com.br` };

  await page.goto("/doar?festa=mari3");
  await page.locator("label", { hasText: /^R\$ 100$/ }).click();
  const cover = page.getByRole("checkbox", { name: /^Quero cobrir a taxa de R\$\s10,00 para a ONG receber o valor integral$/ });
  await expect(cover).not.toBeChecked();
  await expect(page.getByRole("button", { name: "Doar R$ 100,00" })).toBeVisible();

  // The fee follows the amount.
  await page.locator("label", { hasText: /^R\$ 50$/ }).click();
  const cover50 = page.getByRole("checkbox", { name: /^Quero cobrir a taxa de R\$\s5,00 para a ONG receber o valor integral$/ });
  await expect(cover50).not.toBeChecked();
  await cover50.check();
  await expect(page.getByRole("main").getByText("Você cobre a taxa: os R$ 50,00 da sua doação chegam inteiros à causa.")).toBeVisible();

  await page.getByLabel("Nome", { exact: true }).fill(guest.name);
  await page.getByLabel("E-mail", { exact: true }).fill(guest.email);
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar R$ 55,00" }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await page.getByRole("button", { name: "Pagar R$ 55,00" }).click();
  await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });

  await expect(async () => {
    await page.goto("/dev/emails");
    const receipt = page.locator("li").filter({ hasText: guest.email });
    await expect(receipt.getByText("Taxa coberta por você: R$ 5,00")).toBeVisible({ timeout: 1_000 });
    await expect(receipt.getByText("Valor líquido para a instituição: R$ 50,00")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});
