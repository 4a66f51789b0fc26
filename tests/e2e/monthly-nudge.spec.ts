import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";

// Issue 29, item 4 (decision 213): after a paid one-off gift the result page asks "Que tal todo
// mês?" with the nearest plan; one tap reaches that plan's checkout (through sign-up, name and
// e-mail filled in from the gift) and the admin dashboard counts the donor who became monthly.

async function adminDashboard(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const page = await context.newPage();
  await page.goto(`/auth?redirectTo=${encodeURIComponent("/admin")}`);
  await page.getByLabel("E-mail").fill("admin@festasolidaria.org.br");
  await page.getByLabel("Senha", { exact: true }).fill("admin1234");
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  return page;
}

const converted = (page: Page) =>
  page
    .getByRole("region", { name: "Doadores avulsos que passaram a doar todo mês" })
    .getByTestId("nudge-donors")
    .innerText()
    .then((text) => Number(text.replace(/\D/g, "")));

test("a guest gives once, takes 'Que tal todo mês?' into Prata's checkout, pays; the admin counts one more monthly donor", async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const donor = { name: `Convidada Mensal ${stamp}`, email: `mensal.${stamp}@exemplo.com.br` };
  const admin = await adminDashboard(browser, baseURL!);
  const before = await converted(admin);

  // A one-off R$ 50 gift by card through the sandbox.
  await page.goto("/doar?festa=mari3");
  await page.locator("label", { hasText: /^R\$ 50$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill(donor.name);
  await page.getByLabel("E-mail", { exact: true }).fill(donor.email);
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar R$ 50,00" }).click();
  await page.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });

  // The card, only now that the gift is paid: the nearest plan (R$ 50 is Prata), nothing chosen for the donor.
  const nudge = page.getByRole("complementary", { name: "Que tal todo mês?" });
  await expect(nudge).toContainText("Plano Prata");
  await expect(nudge).toContainText("R$ 50,00 por mês");
  await expect(nudge.getByRole("link", { name: "Agora não" })).toBeVisible();
  expect(page.url()).not.toContain(encodeURIComponent(donor.email));
  // The result page with the card: nothing axe finds (WCAG 2.1 AA).
  expect(
    (await new AxeBuilder({ page: page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations.map((v) => v.id),
  ).toEqual([]);
  await nudge.getByRole("button", { name: "Assinar com cartão" }).click();

  // A guest has no account yet: sign-up, with the gift's name and e-mail already there (not in the URL).
  await expect(page).toHaveURL(/\/auth\?redirectTo=.*&tab=cadastro$/);
  expect(page.url()).not.toContain("mensal.");
  await expect(page.getByLabel("Nome completo")).toHaveValue(donor.name);
  await expect(page.getByLabel("E-mail")).toHaveValue(donor.email);
  await page.getByLabel("Senha", { exact: true }).fill("festa-segura");
  await page.getByRole("button", { name: "Criar conta" }).click();

  // Straight on to the preselected plan's checkout; the sandbox card pays it.
  await expect(page).toHaveURL(/\/sandbox\/assinatura\/cs_sbx_sub_/);
  await expect(page.getByText("Assine o Bem · Plano Prata")).toBeVisible();
  await page.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(page).toHaveURL(/\/subscription-success/);

  // The subscription's events land a moment later: the dashboard counts one more donor.
  await expect(async () => {
    await admin.reload();
    expect(await converted(admin)).toBe(before + 1);
  }).toPass({ timeout: 15_000 });
});
