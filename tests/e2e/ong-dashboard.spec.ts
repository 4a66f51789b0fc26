import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// Issue 27, the whole path in one journey (decisions 190 and 191): an institution applies (the
// registry twin's active CNPJ) with its documents and is approved with a note; the owner invites a
// member, who accepts; a donor gives to it from /doar agreeing to share the contact; the MEMBER sees
// the gift on the dashboard, downloads the CSV and the month's statement, posts an impact update and
// proposes an impact unit; the admin approves both in Impacto; the update appears on the public page
// with the books, the unit on /doar's impact panel.
const SHOTS = process.env.SHOTS_DIR;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${name}\n`) });

async function expectNoAxeViolations(page: Page, label: string) {
  // The page, not the shared toast: it is measured half transparent while it slides in (its
  // colours themselves have AA contrast: app.css).
  const results = await new AxeBuilder({ page })
    .exclude("[data-sonner-toaster]")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function signUp(page: Page, account: { name: string; email: string }, redirectTo: string) {
  await page.goto(`/auth?tab=cadastro&redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Nome completo").fill(account.name);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill("festa-segura");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await page.waitForURL((url) => url.pathname === new URL(redirectTo, "http://x").pathname);
}

async function logIn(page: Page, email: string, password: string, to: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => url.pathname === new URL(to, "http://x").pathname);
}

test("apply, approval, an invited member sees a gift, downloads the books, posts an update and a unit the admin approves, both public", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const id = stamp();
  const owner = { name: `Lúcia Mãos ${id}`, email: `lucia.${id}@exemplo.com.br` };
  const member = { name: `Caio Costura ${id}`, email: `caio.${id}@exemplo.com.br` };
  const donor = { name: `Doador Contato ${id}`, email: `doador.${id}@exemplo.com.br` };
  const update = {
    title: `Oficina de costura ${id}`,
    body: "Doze mães concluíram a oficina de costura com as máquinas compradas em março.",
  };

  // The owner applies with the registry twin's active CNPJ.
  const ownerPage = await (await browser.newContext()).newPage();
  await signUp(ownerPage, owner, "/ongs/cadastrar");
  await ownerPage.getByLabel("CNPJ *", { exact: true }).fill("24.581.367/0001-04");
  await ownerPage.getByRole("button", { name: "Consultar" }).click();
  await expect(ownerPage.getByLabel("Razão social *")).toHaveValue("ASSOCIACAO MAOS QUE AJUDAM");
  await ownerPage.getByLabel("Causa *").selectOption({ index: 1 });
  await ownerPage.getByLabel("Telefone *").fill("(31) 98765-4321");
  await ownerPage
    .getByLabel("O que a instituição faz *")
    .fill("Oficinas de geração de renda para mães da região central de Belo Horizonte.");
  await ownerPage.getByLabel("Estatuto social *").setInputFiles(pdf("estatuto.pdf"));
  await ownerPage.getByLabel("Ata de eleição da diretoria *").setInputFiles(pdf("ata.pdf"));
  await ownerPage.getByLabel("Cartão CNPJ *").setInputFiles(pdf("cartao-cnpj.pdf"));
  await ownerPage.getByLabel("Comprovante de titularidade da conta/chave Pix *").setInputFiles(pdf("comprovante.pdf"));
  await expectNoAxeViolations(ownerPage, "pedido de cadastro");
  await shoot(ownerPage, "ong-cadastro");
  await ownerPage.getByRole("button", { name: "Enviar pedido" }).click();
  await expect(ownerPage).toHaveURL(/\/ongs\/cadastrar\?enviado=1$/);

  // The admin approves it.
  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, "admin@festasolidaria.org.br", "admin1234", "/admin");
  await adminPage.goto("/admin/ongs");
  await adminPage
    .getByRole("link", { name: /MAOS QUE AJUDAM/i })
    .first()
    .click();
  await expect(adminPage.getByText("Consultado na Receita Federal").first()).toBeVisible();
  await expectNoAxeViolations(adminPage, "revisao do pedido");
  await shoot(adminPage, "admin-pedido");
  await adminPage.getByLabel("Conferi os dados da Receita Federal com o cartão CNPJ e os documentos.").check();
  await adminPage.getByLabel("Nota da aprovação (o que foi conferido) *").fill("Estatuto, ata e cartão CNPJ conferidos.");
  await adminPage.getByRole("button", { name: "Aprovar" }).click();
  await expect(adminPage.getByText("Pedido aprovado").first()).toBeVisible();

  // The owner invites a member from the team page.
  await ownerPage.goto("/ongs/cadastrar");
  await ownerPage.getByRole("link", { name: "Equipe da instituição" }).click();
  await expect(ownerPage).toHaveURL(/\/ong\/.+\/equipe$/);
  const slug = new URL(ownerPage.url()).pathname.split("/")[2]!;
  await ownerPage.getByLabel("E-mail").fill(member.email);
  await ownerPage.getByRole("button", { name: "Enviar convite" }).click();
  await expect(ownerPage.getByText(`Convite enviado para ${member.email}`)).toBeVisible();

  // The member: the link from the local mailbox, an account for that address, then accept.
  const memberPage = await (await browser.newContext()).newPage();
  await signUp(memberPage, member, "/painel");
  await memberPage.goto("/dev/emails");
  await memberPage
    .getByRole("listitem")
    .filter({ hasText: member.email })
    .filter({ hasText: "Convite para a equipe" })
    .first()
    .getByRole("link", { name: /\/ong\/convite\?t=/ })
    .click();
  await memberPage.getByRole("button", { name: "Aceitar o convite" }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/ong/${slug}/equipe$`));
  await expect(memberPage.getByText("Membro da equipe")).toBeVisible();

  // From the team page to the dashboard: empty yet.
  await memberPage.getByRole("link", { name: /Painel da instituição/ }).click();
  await expect(memberPage).toHaveURL(/\/ong\/.+\/painel$/);
  await expect(memberPage.getByText("Nenhuma doação recebida ainda").first()).toBeVisible();

  // A donor gives R$ 50 to it by card and agrees to share the contact.
  const donorPage = await (await browser.newContext()).newPage();
  await donorPage.goto(`/doar?ong=${slug}`);
  await donorPage.locator("label", { hasText: /^R\$ 50$/ }).click();
  await donorPage.getByLabel("Nome", { exact: true }).fill(donor.name);
  await donorPage.getByLabel("E-mail", { exact: true }).fill(donor.email);
  await expect(donorPage.getByLabel(/Compartilhar meu nome e e-mail com a instituição/)).not.toBeChecked();
  await donorPage.getByLabel(/Compartilhar meu nome e e-mail com a instituição/).check();
  await donorPage.getByLabel("Cartão", { exact: true }).check();
  await donorPage.getByRole("button", { name: "Doar R$ 50,00" }).click();
  await donorPage.getByRole("button", { name: "Pagar R$ 50,00" }).click();
  await expect(donorPage.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 15_000 });

  // The dashboard: the gift, the money a receber (card: settles later), the shared contact.
  await memberPage.reload();
  const gifts = memberPage.getByRole("region", { name: "Doações recebidas" });
  await expect(gifts.getByRole("cell", { name: donor.name })).toBeVisible();
  await expect(gifts.getByText("1 lançamento · bruto R$ 50,00")).toBeVisible();
  const money = memberPage.getByRole("region", { name: "Dinheiro da instituição" });
  await expect(money.getByText("R$ 45,00").first()).toBeVisible();
  await expect(memberPage.getByRole("region", { name: "Doadores que compartilharam o contato" }).getByText(donor.email)).toBeVisible();
  await expectNoAxeViolations(memberPage, "painel");
  await shoot(memberPage, "ong-painel");

  // The CSV of the gift list, and the month's statement as PDF and CSV.
  const [csv] = await Promise.all([memberPage.waitForEvent("download"), gifts.getByRole("link", { name: "Baixar CSV" }).click()]);
  const csvText = fs.readFileSync((await csv.path())!, "utf8");
  expect(csvText).toContain(donor.name);
  expect(csvText).toContain("50,00;5,00;45,00");
  const statement = memberPage.getByRole("region", { name: "Extrato mensal" });
  const [pdfDownload] = await Promise.all([
    memberPage.waitForEvent("download"),
    statement.getByRole("button", { name: "Baixar PDF" }).click(),
  ]);
  const pdfBytes = fs.readFileSync((await pdfDownload.path())!);
  expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");
  if (SHOTS) fs.writeFileSync(`${SHOTS}/extrato.pdf`, pdfBytes);
  const [statementCsv] = await Promise.all([
    memberPage.waitForEvent("download"),
    statement.getByRole("button", { name: "Baixar CSV" }).click(),
  ]);
  const statementText = fs.readFileSync((await statementCsv.path())!, "utf8");
  expect(statementText).toContain("CNPJ 24.581.367/0001-04");
  expect(statementText).toMatch(/Total do mês;+50,00;5,00;45,00/);

  // An impact update: a mistake first (kept, with the message), then sent for approval.
  const updates = memberPage.getByRole("region", { name: "Atualizações de impacto" });
  await updates.getByLabel("Título").fill(update.title);
  await updates.getByLabel("Texto").fill("Curto.");
  await updates.getByRole("button", { name: "Enviar para aprovação" }).click();
  await expect(updates.getByText("Conte o que aconteceu em pelo menos 30 caracteres (até 4.000).")).toBeVisible();
  await expect(updates.getByLabel("Título")).toHaveValue(update.title);
  await updates.getByLabel("Texto").fill(update.body);
  await updates.getByRole("button", { name: "Enviar para aprovação" }).click();
  await expect(memberPage.getByText("Atualização enviada")).toBeVisible();
  await expect(updates.getByText("Aguardando aprovação")).toBeVisible();

  // An impact unit: a mistake first (kept, with the message), then sent for approval.
  const units = memberPage.getByRole("region", { name: "Unidades de impacto" });
  await expect(units.getByText("Nenhuma unidade publicada ainda.")).toBeVisible();
  await units.getByLabel("Singular").fill("kit de costura");
  await units.getByLabel("Plural").fill("kits de costura");
  await units.getByLabel("Custo (R$)").fill("0");
  await units.getByRole("button", { name: "Enviar unidade para aprovação" }).click();
  await expect(units.getByText("Informe o custo em reais (ex.: 80 ou 80,50).")).toBeVisible();
  await expect(units.getByLabel("Singular")).toHaveValue("kit de costura");
  await units.getByLabel("Custo (R$)").fill("25,00");
  await units.getByRole("button", { name: "Enviar unidade para aprovação" }).click();
  await expect(memberPage.getByText("Unidade enviada")).toBeVisible();
  await expect(units.getByLabel("Singular")).toHaveValue("");
  await expect(units.getByText("Aguardando aprovação")).toBeVisible();
  await expectNoAxeViolations(memberPage, "painel com unidade proposta");
  await shoot(memberPage, "ong-painel-unidades");

  // Not public yet.
  const publicPage = await (await browser.newContext()).newPage();
  await publicPage.goto(`/causas/${slug}`);
  await expect(publicPage.getByText("A instituição ainda não publicou atualizações.")).toBeVisible();
  await donorPage.goto(`/doar?ong=${slug}`);
  const impactPanel = donorPage.getByRole("region", { name: "O impacto da sua doação" });
  await expect(impactPanel).toBeVisible();
  await expect(impactPanel.getByText(/kits? de costura/)).toHaveCount(0);

  // The admin approves it from Impacto.
  await adminPage.goto("/admin/impacto");
  const queued = adminPage.getByTestId("institution-update").filter({ hasText: update.title });
  await queued.getByRole("button", { name: `Aprovar e publicar: ${update.title}` }).click();
  await expect(adminPage.getByText("Atualização publicada").first()).toBeVisible();
  const proposal = adminPage.getByTestId("impact-unit-proposal").filter({ hasText: member.name });
  await expectNoAxeViolations(adminPage, "fila de impacto");
  await shoot(adminPage, "admin-impacto-fila");
  await proposal.getByRole("button", { name: "Aprovar e publicar: 1 kit de costura = R$ 25,00" }).click();
  await expect(adminPage.getByText("Unidade de impacto publicada").first()).toBeVisible();

  // /doar's panel speaks the institution's unit now.
  await donorPage.reload();
  await expect(impactPanel.getByText("Paga 2 kits de costura (R$ 25,00 cada).")).toBeVisible();

  // The public page: the update, the books from the ledger, the CNPJ and the verification date.
  await publicPage.reload();
  await expect(publicPage.getByRole("heading", { name: update.title })).toBeVisible();
  const books = publicPage.getByRole("region", { name: "Prestação de contas" });
  await expect(books.getByText("R$ 50,00").first()).toBeVisible();
  await expect(publicPage.getByText("24.581.367/0001-04")).toBeVisible();
  await expect(publicPage.getByText(donor.email)).toHaveCount(0);
  await expectNoAxeViolations(publicPage, "pagina publica");
  await shoot(publicPage, "ong-publica");
  await memberPage.reload();
  await expect(updates.getByText("Publicada")).toBeVisible();
  await expect(units.getByText("1 kit de costura = R$ 25,00").first()).toBeVisible();
});
