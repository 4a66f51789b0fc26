import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// Issue 29, item 1 (decision 220): an admin's pledge matches a gift; the admin ends it; the sponsor
// finds the amount due and a signed link in the mailbox, pays it with the sandbox card; the party's
// total grows by it, the page stops calling it a promise, and the admin's unpaid list lets it go.
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };
const ADMIN = { email: "admin@festasolidaria.org.br", password: "admin1234" };
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function logIn(page: Page, who: { email: string; password: string }, to: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Senha").fill(who.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
}

test("a sponsor pays its match: e-mail with the amount due, the sandbox card, the party's total, the admin's unpaid list", async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Festa Paga em Dobro ${stamp}`;
  const sponsor = `Padaria ${stamp}`;
  const sponsorEmail = `patrocinio.${stamp}@exemplo.com.br`;
  const newPage = async () => (await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" })).newPage();

  await logIn(page, MARIANA, "/criar-festa");
  await expect(page).toHaveURL(/\/criar-festa$/);
  await page.getByLabel("Nome da festa").fill(name);
  await page.getByLabel("Tipo de evento").selectOption("Outro");
  await page.getByLabel("Data do evento").fill(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel("ONG/Causa", { exact: true }).selectOption({ index: 1 });
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  await expect(page).toHaveURL(/\/painel\/festa\/[a-z0-9]{5}\?nova=1$/);
  const code = new URL(page.url()).pathname.split("/").at(-1)!;

  const admin = await newPage();
  await logIn(admin, ADMIN, `/admin/festas?q=${encodeURIComponent(name)}`);
  await admin.getByRole("link", { name: `Editar ${name}` }).click();
  const form = admin.getByTestId("patrocinio-em-dobro");
  await form.getByText("Patrocínio em dobro").click();
  await form.getByLabel("Patrocinador (pessoa ou empresa)").fill(sponsor);
  await form.getByLabel("CPF ou CNPJ").fill("11.222.333/0001-81");
  await form.getByLabel("E-mail do patrocinador (opcional)").fill(sponsorEmail);
  await form.getByLabel("Teto (R$)").fill("100,00");
  await form.getByLabel("Data final").fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
  await form.getByRole("button", { name: "Ativar patrocínio" }).click();
  const pledges = admin.getByRole("region", { name: "Patrocínios em dobro" });
  await expect(pledges.getByText(sponsor)).toBeVisible();

  // A guest gives R$ 25: R$ 25 promised by the sponsor.
  const guest = await newPage();
  await guest.goto(`/doar?festa=${code}`);
  await guest.locator("label", { hasText: /^R\$ 25$/ }).click();
  await guest.getByLabel("Nome", { exact: true }).fill("Convidada");
  await guest.getByLabel("E-mail", { exact: true }).fill(`convidada.${stamp}@exemplo.com.br`);
  await guest.getByLabel("Cartão", { exact: true }).check();
  await guest.getByRole("button", { name: "Doar R$ 25,00" }).click();
  await guest.getByRole("button", { name: "Pagar R$ 25,00" }).click();
  await expect(guest.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });
  await guest.context().close();

  // The admin ends the match: the sponsor owes R$ 25, listed under "Patrocínios a receber".
  await admin.reload();
  await pledges.getByRole("row").filter({ hasText: sponsor }).getByRole("button", { name: "Cancelar" }).click();
  const unpaid = admin.getByTestId("patrocinios-a-receber");
  await expect(unpaid.getByRole("row").filter({ hasText: sponsor })).toContainText("R$ 25,00");
  // The page, not the toast sliding in (measured half transparent: ong-dashboard.spec.ts).
  expect((await new AxeBuilder({ page: admin }).exclude("[data-sonner-toaster]").withTags(WCAG).analyze()).violations).toEqual([]);

  // The party page: promised, not received.
  const watcher = await newPage();
  await watcher.goto(`/festa/${code}`);
  await expect(watcher.getByTestId("arrecadado")).toHaveText("R$ 25,00");
  await expect(watcher.getByText(/Patrocínio encerrado: R\$ 25,00 prometidos pelo patrocinador/)).toBeVisible();

  // The sponsor's e-mail, with the amount due and the signed link.
  const sponsorPage = await newPage();
  let payUrl = "";
  await expect(async () => {
    await sponsorPage.goto("/dev/emails");
    const mail = sponsorPage.getByRole("listitem").filter({ hasText: sponsorEmail }).filter({ hasText: "R$ 25,00 a pagar" }).first();
    await expect(mail).toBeVisible({ timeout: 1_000 });
    payUrl = (await mail
      .getByRole("link", { name: /patrocinio\/pagar\?t=/ })
      .first()
      .getAttribute("href"))!;
  }).toPass({ timeout: 20_000 });
  await sponsorPage.goto(payUrl);
  await expect(sponsorPage).toHaveURL(/\/patrocinio\/pagar$/);
  await expect(sponsorPage.getByTestId("a-pagar")).toHaveText("R$ 25,00");
  await expect(sponsorPage.getByTestId("instituicao")).toContainText("CNPJ");
  expect((await new AxeBuilder({ page: sponsorPage }).withTags(WCAG).analyze()).violations).toEqual([]);
  await sponsorPage.getByRole("button", { name: "Pagar R$ 25,00 com cartão" }).click();
  await expect(sponsorPage).toHaveURL(/\/sandbox\/checkout\//);
  await sponsorPage.getByRole("button", { name: "Pagar R$ 25,00", exact: true }).click();
  await expect(sponsorPage.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });

  // The party's total grows by the payment, live; the page says it was paid.
  await expect(watcher.getByTestId("arrecadado")).toHaveText("R$ 50,00", { timeout: 20_000 });
  await expect(watcher.getByText("Patrocínio encerrado: os R$ 25,00 do patrocinador já entraram na arrecadação. Obrigado!")).toBeVisible();

  // Nothing left to receive from this sponsor; its link now says so.
  await admin.reload();
  await expect(unpaid.getByRole("row").filter({ hasText: sponsor })).toHaveCount(0);
  await sponsorPage.goto(payUrl);
  await expect(sponsorPage.getByText("Patrocínio pago")).toBeVisible();
});
