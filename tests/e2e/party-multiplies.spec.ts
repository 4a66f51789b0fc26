import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";

// Issue 29's "done when" (decisions 213–216, 219): a host creates a party and invites a sponsor, who
// confirms by the e-mailed link; three guests give (one in someone's honour, one covering the fee);
// the party page shows the total, the sponsor's promise and what is left of it, live; the honoree's
// e-card and the fee-covering receipt are in the mailbox; the result page offers the monthly plan.
const MARIANA = { email: "mariana@exemplo.com.br", password: "festa1234" };
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

const axe = async (page: Page) => (await new AxeBuilder({ page }).withTags(WCAG).analyze()).violations.map((v) => v.id);

async function freshPage(browser: Browser, baseURL: string) {
  return (await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" })).newPage();
}

/** The text of the newest e-mail to `to` whose text matches, polled from the local mailbox. */
async function mailLink(page: Page, to: string, linkPattern: RegExp): Promise<string> {
  let href = "";
  await expect(async () => {
    await page.goto("/dev/emails");
    const mail = page.getByRole("listitem").filter({ hasText: to }).first();
    const link = mail.locator("pre a").filter({ hasText: linkPattern }).first();
    href = (await link.getAttribute("href", { timeout: 1_000 }))!;
    expect(href).toMatch(linkPattern);
  }).toPass({ timeout: 20_000 });
  return href;
}

type Gift = { amount: number; name: string; email: string; honoree?: { name: string; email: string }; coverFee?: boolean };

/** A guest gives by the sandbox card on /doar; returns the page on the result, paid. */
async function give(browser: Browser, baseURL: string, code: string, gift: Gift) {
  const page = await freshPage(browser, baseURL);
  await page.goto(`/doar?festa=${code}`);
  await page.locator("label", { hasText: new RegExp(`^R\\$ ${gift.amount}$`) }).click();
  await page.getByLabel("Nome", { exact: true }).fill(gift.name);
  await page.getByLabel("E-mail", { exact: true }).fill(gift.email);
  if (gift.honoree) {
    const section = page.locator("details", { hasText: "Doar em homenagem a alguém" });
    await section.locator("summary").click();
    await section.getByLabel("Nome de quem você homenageia").fill(gift.honoree.name);
    await section.getByLabel("E-mail da pessoa (opcional)").fill(gift.honoree.email);
  }
  let charged = gift.amount;
  if (gift.coverFee) {
    await page.getByRole("checkbox", { name: /^Quero cobrir a taxa de R\$\s[\d,]+ para a ONG receber o valor integral$/ }).check();
    charged = gift.amount * 1.1;
  }
  const label = `R$ ${charged.toFixed(2).replace(".", ",")}`;
  await page.getByLabel("Cartão", { exact: true }).check();
  await page.getByRole("button", { name: `Doar ${label}` }).click();
  await page.getByRole("button", { name: `Pagar ${label}` }).click();
  await expect(page.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });
  return page;
}

test("a party multiplies: a sponsor confirmed by e-mail, three guests, the promise live, the e-card, the fee receipt, the monthly plan", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Festa Multiplica ${stamp}`;
  const sponsorEmail = `patrocinio.${stamp}@exemplo.com.br`;

  // The host creates a party.
  await page.goto(`/auth?redirectTo=${encodeURIComponent("/criar-festa")}`);
  await page.getByLabel("E-mail").fill(MARIANA.email);
  await page.getByLabel("Senha").fill(MARIANA.password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/criar-festa$/);
  await page.getByLabel("Nome da festa").fill(name);
  await page.getByLabel("Tipo de evento").selectOption("Outro");
  await page.getByLabel("Data do evento").fill(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel("ONG/Causa", { exact: true }).selectOption({ index: 1 });
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  await expect(page).toHaveURL(/\/painel\/festa\/[a-z0-9]{5}\?nova=1$/);
  const code = new URL(page.url()).pathname.split("/").at(-1)!;

  // …and invites a sponsor from the dashboard.
  const sponsors = page.getByRole("region", { name: "Patrocínio em dobro" });
  await sponsors.getByText("Convidar um patrocinador").click();
  await sponsors.getByLabel("Patrocinador (pessoa ou empresa)").fill("Padaria Pão Quente");
  await sponsors.getByLabel("CPF ou CNPJ").fill("11.222.333/0001-81");
  await sponsors.getByLabel("E-mail do patrocinador").fill(sponsorEmail);
  await sponsors.getByLabel("Teto (R$)").fill("200,00");
  await sponsors.getByLabel("Data final").fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
  expect(await axe(page)).toEqual([]);
  await sponsors.getByRole("button", { name: "Enviar pedido ao patrocinador" }).click();
  const pending = page.getByRole("list", { name: "Patrocínios da festa" }).getByRole("listitem").filter({ hasText: "Padaria Pão Quente" });
  await expect(pending.getByText("aguardando confirmação")).toBeVisible();
  await expect(pending.getByText("R$ 0,00 prometidos de R$ 200,00")).toBeVisible();

  // The sponsor opens the link from the mailbox and confirms.
  const sponsor = await freshPage(browser, baseURL!);
  await sponsor.goto(await mailLink(sponsor, sponsorEmail, /\/patrocinio\/confirmar\?t=/));
  await expect(sponsor).toHaveURL(/\/patrocinio\/confirmar$/); // the key left the address bar
  await expect(sponsor.getByRole("heading", { name: "Pedido de patrocínio" })).toBeVisible();
  await expect(sponsor.getByText("Cada real vale dois até R$ 200,00 — patrocínio de Padaria Pão Quente")).toBeVisible();
  await expect(sponsor.getByRole("main")).toContainText(`Mariana organiza a festa solidária ${name}`);
  await expect(sponsor.getByRole("main")).toContainText("CNPJ");
  await expect(sponsor.getByRole("main")).toContainText("você paga o valor prometido por Pix ou cartão");
  await expect(sponsor.getByRole("main")).not.toContainText(sponsorEmail);
  expect(await axe(sponsor)).toEqual([]);
  await sponsor.getByRole("button", { name: "Confirmar patrocínio" }).click();
  await expect(sponsor.getByText("Patrocínio confirmado!")).toBeVisible();
  await sponsor.context().close();

  // The host hears of it, and the dashboard says so.
  await page.reload();
  await expect(pending.getByText("ativa", { exact: true })).toBeVisible();
  const hostPage = await freshPage(browser, baseURL!);
  await expect(async () => {
    await hostPage.goto("/dev/emails");
    await expect(
      hostPage
        .getByRole("listitem")
        .filter({ hasText: MARIANA.email })
        .getByText(`Padaria Pão Quente confirmou o patrocínio da festa ${name}`),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // A guest watches the party page.
  const watcher = await freshPage(browser, baseURL!);
  await watcher.goto(`/festa/${code}`);
  await expect(watcher.getByText("Cada real vale dois até R$ 200,00 — patrocínio de Padaria Pão Quente")).toBeVisible();
  await expect(watcher.getByText("Restam R$ 200,00 de patrocínio.")).toBeVisible();
  expect(await axe(watcher)).toEqual([]);

  // Three guests give: R$ 25 in someone's honour, R$ 50 covering the fee, R$ 25.
  const honoree = { name: `Vó Maria ${stamp}`, email: `homenageada.${stamp}@exemplo.com.br` };
  const first = await give(browser, baseURL!, code, {
    amount: 25,
    name: `Convidada Homenagem ${stamp}`,
    email: `homenagem.${stamp}@exemplo.com.br`,
    honoree,
  });
  await first.context().close();
  // Live, without a reload.
  await expect(watcher.getByTestId("arrecadado")).toHaveText("R$ 25,00", { timeout: 20_000 });
  await expect(watcher.getByText(/Restam R\$ 175,00 de patrocínio\. R\$ 25,00 prometidos pelo patrocinador/)).toBeVisible({
    timeout: 20_000,
  });

  const feeGuest = { name: `Convidado Taxa ${stamp}`, email: `taxa.${stamp}@exemplo.com.br` };
  const second = await give(browser, baseURL!, code, { amount: 50, ...feeGuest, coverFee: true });
  await second.context().close();
  await expect(watcher.getByTestId("arrecadado")).toHaveText("R$ 75,00", { timeout: 20_000 });

  const third = await give(browser, baseURL!, code, {
    amount: 25,
    name: `Convidada Mensal ${stamp}`,
    email: `mensal.${stamp}@exemplo.com.br`,
  });
  // The result page offers the monthly plan.
  const nudge = third.getByRole("complementary", { name: "Que tal todo mês?" });
  await expect(nudge).toBeVisible();
  await expect(nudge.getByRole("link", { name: "Agora não" })).toBeVisible();
  expect(await axe(third)).toEqual([]);
  await third.context().close();

  await expect(watcher.getByTestId("arrecadado")).toHaveText("R$ 100,00", { timeout: 20_000 });
  await expect(watcher.getByText(/Restam R\$ 100,00 de patrocínio\. R\$ 100,00 prometidos pelo patrocinador/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(watcher.locator("body")).not.toContainText(sponsorEmail);

  // The mailbox: the honoree's e-card, and the receipt naming the fee the guest covered.
  await expect(async () => {
    await hostPage.goto("/dev/emails");
    await expect(
      hostPage
        .getByRole("listitem")
        .filter({ hasText: honoree.email })
        .getByRole("link", { name: `Convidada Homenagem ${stamp} fez uma doação em sua homenagem` }),
    ).toBeVisible({ timeout: 1_000 });
    const receipt = hostPage.getByRole("listitem").filter({ hasText: feeGuest.email });
    await expect(receipt.getByText("Taxa coberta por você: R$ 5,00")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // The host's dashboard: the sponsor's promise against its cap.
  await page.reload();
  await expect(pending.getByText("R$ 100,00 prometidos de R$ 200,00")).toBeVisible();
});
