import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// Issue 29, item 2 (decision 217) on the demo data (app/seed/demo-data.ts): Mariana owns "mari3";
// she invites Rafael (a verified demo account) to co-host it, he accepts from the e-mail's link and
// runs the dashboard. Then a team campaign ranks two of its parties by what they raised.
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };
const RAFAEL = { email: "rafael@exemplo.com.br", password: "festa1234" };
const AADORA = "AADORA — Associação de Apoio às Pessoas com Doenças Raras · Belo Horizonte - MG";

async function logIn(page: Page, who: { email: string; password: string }, to: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Senha").fill(who.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
}

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations.map((v) => v.id);

test("a co-host accepts the owner's invitation and sees the party's dashboard", async ({ page, browser, baseURL }) => {
  await logIn(page, MARIANA, "/painel/festa/mari3");
  await expect(page).toHaveURL(/\/painel\/festa\/mari3$/);
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Co-anfitriões" }) });
  await panel.getByLabel("E-mail do co-anfitrião").fill(RAFAEL.email);
  await panel.getByRole("button", { name: "Convidar" }).click();
  await expect(panel.getByText(RAFAEL.email)).toBeVisible();
  await expect(panel.getByText("Convite enviado")).toBeVisible();
  // The field empties for the next invitation.
  await expect(panel.getByLabel("E-mail do co-anfitrião")).toHaveValue("");

  // Rafael, in another browser: the link from the local mailbox, then sign in, then accept.
  const rafael = await (await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" })).newPage();
  let inviteUrl = "";
  await expect(async () => {
    await rafael.goto("/dev/emails");
    const mail = rafael.getByRole("listitem").filter({ hasText: RAFAEL.email }).filter({ hasText: "organizar a festa" }).first();
    await expect(mail).toBeVisible({ timeout: 1_000 });
    inviteUrl = (await mail
      .getByRole("link", { name: /painel\/coanfitriao\?t=/ })
      .first()
      .getAttribute("href"))!;
  }).toPass({ timeout: 20_000 });
  await rafael.goto(inviteUrl);
  await expect(rafael).toHaveURL(/\/auth\?redirectTo=%2Fpainel%2Fcoanfitriao$/);
  await rafael.getByLabel("E-mail").fill(RAFAEL.email);
  await rafael.getByLabel("Senha").fill(RAFAEL.password);
  await rafael.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(rafael).toHaveURL(/\/painel\/coanfitriao$/);
  await expect(rafael.getByText("Aniversário de 30 anos da Mariana")).toBeVisible();
  await rafael.getByRole("button", { name: "Aceitar o convite" }).click();

  await expect(rafael).toHaveURL(/\/painel\/festa\/mari3$/);
  await expect(rafael.getByRole("heading", { level: 1, name: "Compartilhe sua festa" })).toBeVisible();
  await expect(rafael.locator("[data-guest-list]").getByText("Tio Jorge")).toBeVisible();
  // A co-host sees who co-hosts, but neither invites nor removes.
  const rafaelPanel = rafael.locator("section", { has: rafael.getByRole("heading", { name: "Co-anfitriões" }) });
  await expect(rafaelPanel.getByText("Co-anfitrião", { exact: true })).toBeVisible();
  await expect(rafaelPanel.getByRole("button", { name: /Remover|Convidar/ })).toHaveCount(0);
  expect(await axe(rafael)).toEqual([]);

  // "Minhas festas": the party, marked.
  await rafael.goto("/painel");
  const card = rafael.locator('[data-party="mari3"]');
  await expect(card.getByTestId("cohost-badge")).toHaveText("co-anfitrião");
  await rafael.context().close();
});

async function createCampaignParty(page: Page, campaignUrl: string, name: string) {
  await page.goto(campaignUrl);
  await page.getByRole("link", { name: "Criar uma festa nesta campanha" }).first().click();
  await expect(page.getByTestId("campaign-note")).toBeVisible();
  await expect(page.getByLabel("ONG/Causa", { exact: true }).locator("option:checked")).toHaveText(AADORA);
  await page.getByLabel("Nome da festa").fill(name);
  await page.getByLabel("Tipo de evento").selectOption("Outro");
  const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Data do evento").fill(date);
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  await expect(page).toHaveURL(/\/painel\/festa\/[a-z0-9]{5}\?nova=1$/);
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

test("a team campaign adds up its parties and ranks them by what they raised", async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  await logIn(page, MARIANA, "/campanhas/nova");
  await expect(page).toHaveURL(/\/campanhas\/nova$/);
  await page.getByLabel("Nome da campanha").fill(`Time Aurora ${stamp}`);
  await page.getByLabel("Instituição").selectOption({ label: AADORA });
  await page.getByLabel("Descrição (opcional)").fill("A escola toda junta.");
  await page.getByRole("button", { name: "Criar campanha" }).click();
  await expect(page).toHaveURL(/\/campanha\/time-aurora-[a-z0-9-]+$/);
  const campaignUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: `Time Aurora ${stamp}` })).toBeVisible();
  await expect(page.getByText("Nenhuma festa nesta campanha ainda")).toBeVisible();

  const first = await createCampaignParty(page, campaignUrl, `Festa Alfa ${stamp}`);
  const second = await createCampaignParty(page, campaignUrl, `Festa Beta ${stamp}`);

  // A guest gives R$ 50 to the second party: it takes the lead.
  const guest = await (await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" })).newPage();
  await guest.goto(`/doar?festa=${second}`);
  await guest.locator("label", { hasText: /^R\$ 50$/ }).click();
  await guest.getByLabel("Nome", { exact: true }).fill("Convidada do Time");
  await guest.getByLabel("E-mail", { exact: true }).fill(`time.${stamp}@exemplo.com.br`);
  await guest.getByLabel("Cartão", { exact: true }).check();
  await guest.getByRole("button", { name: "Doar R$ 50,00" }).click();
  await guest.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(guest.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });

  // The public page, seen by the guest (no account needed).
  await expect(async () => {
    await guest.goto(campaignUrl);
    await expect(guest.getByTestId("campaign-total")).toHaveText("R$ 50,00", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const rows = guest.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(`1º`);
  await expect(rows.nth(1)).toContainText(`Festa Beta ${stamp}`);
  await expect(rows.nth(1)).toContainText("R$ 50,00");
  await expect(rows.nth(2)).toContainText(`2º`);
  await expect(rows.nth(2)).toContainText(`Festa Alfa ${stamp}`);
  await expect(guest.locator(`[data-campaign-party="${first}"]`)).toContainText("R$ 0,00");
  expect(await axe(guest)).toEqual([]);
  // A guest is not its creator: no way to edit it.
  await expect(guest.getByRole("link", { name: "Editar campanha" })).toHaveCount(0);
  await guest.context().close();

  // Its creator fixes the name (the link stays) and closes it: the ranking stays, new parties do not join.
  await page.goto(campaignUrl);
  await page.getByRole("link", { name: "Editar campanha" }).click();
  await expect(page).toHaveURL(`${campaignUrl}/editar`);
  expect(await axe(page)).toEqual([]);
  await page.getByLabel("Nome da campanha").fill(`Time Aurora ${stamp} e amigos`);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page).toHaveURL(campaignUrl);
  await expect(page.getByRole("heading", { level: 1, name: `Time Aurora ${stamp} e amigos` })).toBeVisible();
  await page.getByRole("link", { name: "Editar campanha" }).click();
  await page.getByRole("button", { name: "Encerrar a campanha" }).click();
  await expect(page.getByRole("button", { name: "Reabrir a campanha" })).toBeVisible();
  await page.goto(campaignUrl);
  await expect(page.getByTestId("campaign-closed")).toContainText("Campanha encerrada em");
  await expect(page.getByRole("link", { name: "Criar uma festa nesta campanha" })).toHaveCount(0);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(3);
  await page.goto(`/criar-festa?campanha=${campaignUrl.split("/").pop()}`);
  await expect(page.getByTestId("campaign-closed-note")).toContainText("foi encerrada");
});
