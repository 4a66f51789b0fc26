import { expect, type Page, test } from "@playwright/test";

// Issue 27, items 1–5: an institution applies online with a CNPJ the registry twin knows (the
// alphanumeric one), uploads its documents, an admin approves with a note, the owner invites a
// member (the link read from /dev/emails), and the member accepts.
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${name}\n`) });

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

test("apply with a checked CNPJ, approval with a note, the owner's invitation accepted by a member", async ({ browser }) => {
  const id = stamp();
  const applicant = { name: `Joana Horta ${id}`, email: `joana.${id}@exemplo.com.br` };
  const memberAccount = { name: `Caio Membro ${id}`, email: `caio.${id}@exemplo.com.br` };

  // The applicant: from /causas to the form, the CNPJ looked up in the registry twin.
  const applicantPage = await (await browser.newContext()).newPage();
  await signUp(applicantPage, applicant, "/causas");
  await applicantPage.getByRole("link", { name: "Quero cadastrar a minha ONG/Causa Social" }).click();
  await expect(applicantPage).toHaveURL(/\/ongs\/cadastrar$/);
  await applicantPage.getByLabel("CNPJ *", { exact: true }).fill("12.abc.345/01de-35");
  await applicantPage.getByRole("button", { name: "Consultar" }).click();
  await expect(applicantPage.getByText("Dados da Receita Federal")).toBeVisible();
  await expect(applicantPage.getByLabel("Razão social *")).toHaveValue("COLETIVO HORTA VIVA");
  await expect(applicantPage.getByLabel("CNPJ *", { exact: true })).toHaveValue("12.ABC.345/01DE-35");

  // A mistake first: the message is on the field and what was typed stays.
  await applicantPage.getByLabel("Causa *").selectOption({ index: 1 });
  await applicantPage.getByLabel("Telefone *").fill("(11) 98765-4321");
  await applicantPage.getByLabel("O que a instituição faz *").fill("Pouco.");
  await applicantPage.getByLabel("Telefone *").focus();
  await expect(applicantPage.getByText("Conte em poucas linhas o que a instituição faz (pelo menos 30 caracteres).")).toBeVisible();
  await applicantPage.getByLabel("O que a instituição faz *").fill("Hortas comunitárias em escolas públicas da zona leste de São Paulo.");
  await applicantPage.getByLabel("Estatuto social *").setInputFiles(pdf("estatuto.pdf"));
  await applicantPage.getByLabel("Ata de eleição da diretoria *").setInputFiles(pdf("ata.pdf"));
  await applicantPage.getByLabel("Cartão CNPJ *").setInputFiles(pdf("cartao-cnpj.pdf"));
  await applicantPage.getByLabel("Comprovante de titularidade da conta/chave Pix *").setInputFiles(pdf("comprovante.pdf"));
  await applicantPage.getByRole("button", { name: "Enviar pedido" }).click();
  await expect(applicantPage).toHaveURL(/\/ongs\/cadastrar\?enviado=1$/);
  await expect(applicantPage.locator("#meus-pedidos").locator("..").getByText("Em análise")).toBeVisible();

  // The admin: the queue, the registry beside what was typed, a document, the approval with a note.
  const adminPage = await (await browser.newContext()).newPage();
  await logIn(adminPage, "admin@festasolidaria.org.br", "admin1234", "/admin");
  await adminPage.goto("/admin/ongs");
  await adminPage.getByRole("link", { name: "Horta Viva" }).first().click();
  await expect(adminPage.getByText("Consultado na Receita Federal").first()).toBeVisible();
  await expect(adminPage.getByText("Confere: a chave Pix é o CNPJ da instituição.")).toBeVisible();
  const doc = await adminPage.request.get(
    await adminPage
      .getByRole("link", { name: /Estatuto social/ })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(doc.status()).toBe(200);
  expect(doc.headers()["content-type"]).toBe("application/pdf");
  await adminPage.getByLabel("Conferi os dados da Receita Federal com o cartão CNPJ e os documentos.").check();
  await adminPage
    .getByLabel("Nota da aprovação (o que foi conferido) *")
    .fill("Estatuto, ata e cartão CNPJ conferidos; titular da chave confere.");
  await adminPage.getByRole("button", { name: "Aprovar" }).click();
  await expect(adminPage.getByText("Pedido aprovado").first()).toBeVisible();

  // The owner sees the approval and invites a member from the team page.
  await applicantPage.goto("/ongs/cadastrar");
  await expect(applicantPage.getByText("Aprovado")).toBeVisible();
  await applicantPage.getByRole("link", { name: "Equipe da instituição" }).click();
  await expect(applicantPage).toHaveURL(/\/ong\/.+\/equipe$/);
  const teamUrl = applicantPage.url();
  await applicantPage.getByLabel("E-mail").fill(memberAccount.email);
  await applicantPage.getByRole("button", { name: "Enviar convite" }).click();
  await expect(applicantPage.getByText(`Convite enviado para ${memberAccount.email}`)).toBeVisible();

  // The member: the link from the local mailbox, an account for that address, then accept.
  const memberPage = await (await browser.newContext()).newPage();
  await signUp(memberPage, memberAccount, "/painel");
  await memberPage.goto("/dev/emails");
  const invitation = memberPage
    .getByRole("listitem")
    .filter({ hasText: memberAccount.email })
    .filter({ hasText: "Convite para a equipe" })
    .first();
  await invitation.getByRole("link", { name: /\/ong\/convite\?t=/ }).click();
  await expect(memberPage.getByText(/Você foi convidado para a equipe de/)).toBeVisible();
  await memberPage.getByRole("button", { name: "Aceitar o convite" }).click();
  await expect(memberPage).toHaveURL(teamUrl);
  await expect(memberPage.getByText(memberAccount.name)).toBeVisible();
  await expect(memberPage.getByText("Membro da equipe")).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Enviar convite" })).toHaveCount(0);
});
