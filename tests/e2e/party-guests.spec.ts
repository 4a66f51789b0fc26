import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";

// Issue 29, item 6 (decision 212) on the demo data (app/seed/demo-data.ts): Mariana owns the live
// party "mari3". A guest gives ticking "Quero receber notícias desta festa" (the text says the host
// gets the contact); Mariana sees every gift on the party's dashboard, searches, and downloads the
// CSV of the guests who agreed to be contacted.
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };

test("a host sees the guest list, searches it and downloads the contacts the guests agreed to", async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const guest = { name: `Convidada Lista ${stamp}`, email: `lista.${stamp}@exemplo.com.br` };

  // The guest: the box explains who gets what before it is ticked.
  await page.goto("/doar?festa=mari3");
  await page.locator("label", { hasText: /^R\$ 50$/ }).click();
  await page.getByLabel("Nome", { exact: true }).fill(guest.name);
  await page.getByLabel("E-mail", { exact: true }).fill(guest.email);
  const news = page.getByRole("checkbox", { name: /Quero receber notícias desta festa/ });
  await expect(page.getByText(/essa pessoa recebe seu nome, e-mail, data e valor da doação/)).toBeVisible();
  await news.check();
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: "Doar R$ 50,00" }).click();
  await page.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });

  // The host.
  const host = await (await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" })).newPage();
  await host.goto(`/auth?redirectTo=${encodeURIComponent("/painel/festa/mari3")}`);
  await host.getByLabel("E-mail").fill(MARIANA.email);
  await host.getByLabel("Senha").fill(MARIANA.password);
  await host.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(host).toHaveURL(/\/painel\/festa\/mari3$/);

  const list = host.locator("[data-guest-list]");
  await expect(list.getByRole("heading", { name: "Convidados que doaram" })).toBeVisible();
  await expect(list.getByText("Tio Jorge")).toBeVisible();
  await expect(list.getByText("Doador Anônimo").first()).toBeVisible();
  await expect(list).not.toContainText("@");

  await list.getByLabel("Buscar convidado pelo nome").fill(`lista ${stamp}`);
  await list.getByRole("button", { name: "Buscar" }).click();
  await expect(host).toHaveURL(/busca=lista/);
  await expect(list.getByText("1 resultado")).toBeVisible();
  await expect(list.getByText(guest.name)).toBeVisible();
  await expect(list.getByText("Tio Jorge")).toHaveCount(0);
  // The guest list with a search: nothing axe finds (WCAG 2.1 AA).
  expect(
    (await new AxeBuilder({ page: host }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations.map((v) => v.id),
  ).toEqual([]);

  await list.getByLabel("Buscar convidado pelo nome").fill("ninguém-com-este-nome");
  await list.getByRole("button", { name: "Buscar" }).click();
  await expect(list.getByText("Nenhum resultado para “ninguém-com-este-nome”.")).toBeVisible();

  const [file] = await Promise.all([host.waitForEvent("download"), list.getByRole("link", { name: "Baixar planilha (CSV)" }).click()]);
  expect(file.suggestedFilename()).toMatch(/^convidados-mari3-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await file.path())!, "utf8")).replace(/^\ufeff/, "");
  expect(csv.split("\r\n")[0]).toBe("Nome;E-mail;Data da doação;Valor (R$)");
  expect(csv).toContain(`${guest.name};${guest.email};`);
  expect(csv).toContain(";50,00\r\n");
  // The demo's gifts did not tick the box: they are not in the file.
  expect(csv).not.toContain("Tio Jorge");
  await host.context().close();
});
