import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// Issue 29, item 1 (decision 215): an admin activates a sponsor's match for a new party; a guest
// watching the party page sees "cada real vale dois" and, live, the remaining amount fall and the
// promised money named as a promise when another guest gives.
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };
const ADMIN = { email: "admin@festasolidaria.org.br", password: "admin1234" };

async function logIn(page: Page, who: { email: string; password: string }, to: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Senha").fill(who.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
}

test("a sponsor's match: the banner on the party page and on /doar, the remaining amount live", async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const name = `Festa em Dobro ${stamp}`;
  await logIn(page, MARIANA, "/criar-festa");
  await expect(page).toHaveURL(/\/criar-festa$/);
  await page.getByLabel("Nome da festa").fill(name);
  await page.getByLabel("Tipo de evento").selectOption("Outro");
  await page.getByLabel("Data do evento").fill(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel("ONG/Causa", { exact: true }).selectOption({ index: 1 });
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  await expect(page).toHaveURL(/\/painel\/festa\/[a-z0-9]{5}\?nova=1$/);
  const code = new URL(page.url()).pathname.split("/").at(-1)!;

  const admin = await (await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" })).newPage();
  await logIn(admin, ADMIN, `/admin/festas?q=${encodeURIComponent(name)}`);
  await admin.getByRole("link", { name: `Editar ${name}` }).click();
  const form = admin.getByTestId("patrocinio-em-dobro");
  await form.getByText("Patrocínio em dobro").click();
  await form.getByLabel("Patrocinador (pessoa ou empresa)").fill("Padaria Pão Quente");
  await form.getByLabel("CPF ou CNPJ").fill("11.222.333/0001-81");
  await form.getByLabel("Teto (R$)").fill("100,00");
  await form.getByLabel("Data final").fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
  await form.getByRole("button", { name: "Ativar patrocínio" }).click();
  await expect(admin.getByRole("region", { name: "Patrocínios em dobro" }).getByText("Padaria Pão Quente")).toBeVisible();
  await admin.context().close();

  // A guest watches the party page.
  const watcher = await (await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" })).newPage();
  await watcher.goto(`/festa/${code}`);
  await expect(watcher.getByText("Cada real vale dois até R$ 100,00 — patrocínio de Padaria Pão Quente")).toBeVisible();
  await expect(watcher.getByText("Restam R$ 100,00 de patrocínio.")).toBeVisible();
  expect((await new AxeBuilder({ page: watcher }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations).toEqual([]);

  // Another gives R$ 25 (the banner is on /doar too).
  const guest = await (await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" })).newPage();
  await guest.goto(`/doar?festa=${code}`);
  await expect(guest.getByText("Cada real vale dois até R$ 100,00 — patrocínio de Padaria Pão Quente")).toBeVisible();
  await guest.locator("label", { hasText: /^R\$ 25$/ }).click();
  await guest.getByLabel("Nome", { exact: true }).fill("Convidada em Dobro");
  await guest.getByLabel("E-mail", { exact: true }).fill(`dobro.${stamp}@exemplo.com.br`);
  await guest.getByLabel("Cartão", { exact: true }).check();
  await guest.getByRole("button", { name: "Doar R$ 25,00" }).click();
  await guest.getByRole("button", { name: "Pagar R$ 25,00" }).click();
  await expect(guest.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });
  await guest.context().close();

  // Live, without a reload: R$ 75 left, R$ 25 promised — never counted as money received.
  await expect(watcher.getByText(/Restam R\$ 75,00 de patrocínio\. R\$ 25,00 prometidos pelo patrocinador/)).toBeVisible({
    timeout: 20_000,
  });
});
