import { type Browser, expect, type Page, test } from "@playwright/test";

// Issue 30 (decision 182): a guest's gift joins the account once the address is confirmed by the
// welcome e-mail's link, and leaves with the account: anonymous for the admin, amount kept.
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function adminDonations(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/auth?redirectTo=${encodeURIComponent("/admin/doacoes")}`);
  await page.getByLabel("E-mail").fill("admin@festasolidaria.org.br");
  await page.getByLabel("Senha", { exact: true }).fill("admin1234");
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/doacoes");
  return { page, close: () => context.close() };
}

test("a guest gives, signs up with that address, confirms it by the welcome link; the gift shows in /conta and is anonymised after deletion", async ({
  page,
  browser,
}) => {
  const id = stamp();
  const person = { name: `Vera Convidada ${id}`, email: `vera.${id}@exemplo.com.br`, password: "festa-segura" };

  // 1. A gift as a guest (no account yet), by card in the sandbox.
  await page.goto("/doar?festa=mari3");
  await page.locator("label", { hasText: /^R\$ 25$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill(person.name);
  await page.getByLabel("E-mail", { exact: true }).fill(person.email);
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar R$ 25,00" }).click();
  await page.getByRole("button", { name: "Pagar R$ 25,00" }).click();
  await expect(page).toHaveURL(/\/doacao-sucesso/);
  await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 20_000 });

  // 2. Sign-up with the same address: the gift is not shown before the address is proven.
  await page.goto(`/auth?tab=cadastro&redirectTo=${encodeURIComponent("/conta")}`);
  await page.getByLabel("Nome completo").fill(person.name);
  await page.getByLabel("E-mail").fill(person.email);
  await page.getByLabel("Senha", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/conta$/);
  await expect(page.getByText("não confirmado")).toBeVisible();
  await expect(page.getByText("Você ainda não fez doações com esta conta.")).toBeVisible();

  // 3. The welcome e-mail in the local mailbox; its link confirms the address.
  let confirmUrl = "";
  await expect(async () => {
    await page.goto("/dev/emails");
    const mail = page.getByRole("listitem").filter({ hasText: person.email }).filter({ hasText: "Boas-vindas" }).first();
    await expect(mail).toBeVisible({ timeout: 1_000 });
    confirmUrl = (await mail
      .getByRole("link", { name: /confirmar-endereco\?token=/ })
      .first()
      .getAttribute("href"))!;
  }).toPass({ timeout: 20_000 });
  await page.goto(confirmUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Confirmação de e-mail" })).toBeVisible();
  await expect(page.getByText("E-mail confirmado!")).toBeVisible();
  await expect(page.getByText("Encontramos 1 doação feita com este e-mail sem entrar na conta.")).toBeVisible();

  // 4. /conta lists it, paid, with its receipt number.
  await page.getByRole("link", { name: "Ver minhas doações" }).click();
  await expect(page).toHaveURL(/\/conta#minhas-doacoes$/);
  await expect(page.getByText("confirmado", { exact: true })).toBeVisible();
  const gifts = page.locator("#minhas-doacoes").locator("..");
  await expect(gifts.getByText("Paga")).toBeVisible();
  await expect(gifts.getByText(/Recibo nº \d+/)).toBeVisible();
  await expect(gifts.getByText("R$ 25,00")).toBeVisible();

  // The admin sees it with the person's name and e-mail until the account goes.
  const admin = await adminDonations(browser);
  const row = admin.page.getByRole("row").filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  const when = (await row.getByRole("cell").nth(4).textContent())!.trim();

  // 5. "Excluir conta".
  await page.getByLabel("Sua senha, para confirmar").fill(person.password);
  await page.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Conta excluída")).toBeVisible();

  // 6. The admin: the same gift (time, party, amount, paid), anonymous, no e-mail; nothing of the person left.
  await admin.page.reload();
  const table = admin.page.getByRole("table");
  await expect(table.getByText(person.email)).toHaveCount(0);
  await expect(table.getByText(person.name)).toHaveCount(0);
  const anonymised = admin.page
    .getByRole("row")
    .filter({ hasText: "Doação Anônima" })
    .filter({ hasText: when })
    .filter({ hasText: "R$ 25,00" });
  await expect(anonymised.first()).toBeVisible();
  await expect(anonymised.first().getByRole("cell").nth(1)).toHaveText("—");
  await admin.close();
});
