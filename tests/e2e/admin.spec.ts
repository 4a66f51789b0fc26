import { type Browser, expect, type Page, test } from "@playwright/test";

// Journeys of issue 7 (admin panel). The demo admin grants a fresh account, which then works.
function uniqueId() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function logIn(page: Page, email: string, password: string, to = "/admin") {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => url.pathname === new URL(to, "http://x").pathname);
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, "admin@festasolidaria.org.br", "admin1234");
  return page;
}

test("a non-admin visiting /admin gets 'Acesso negado' and lands on /", async ({ page }) => {
  await logIn(page, "mariana@exemplo.com.br", "festa1234", "/painel");
  await page.goto("/admin/doacoes");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Acesso negado")).toBeVisible();
  await expect(page.getByText("Você não tem permissão para acessar esta página")).toBeVisible();
});

test("a newly granted admin creates a cause, which /criar-festa does not offer before it has an institution, then deactivates and deletes it", async ({
  page,
  browser,
}) => {
  const id = uniqueId();
  const account = { name: `Nina Admin ${id}`, email: `nina.${id}@exemplo.com.br`, password: "festa-segura" };
  await page.goto("/auth?tab=cadastro");
  await page.getByLabel("Nome completo").fill(account.name);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/painel$/);

  // Before the grant the panel is closed to this account.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);

  const admin = await adminPage(browser);
  await admin.goto("/admin/equipe");
  await admin.getByLabel("E-mail").fill(account.email);
  await admin.getByRole("button", { name: "Conceder acesso" }).click();
  await expect(admin.getByText("Acesso de administrador concedido")).toBeVisible();
  await expect(admin.getByRole("region", { name: "Administradores" }).getByText(account.email)).toBeVisible();
  await admin.context().close();

  const cause = `Causa Teste ${id}`;
  await page.goto("/admin/causas");
  await expect(page.getByRole("heading", { name: "Painel Administrativo" })).toBeVisible();
  await page.getByLabel("Nome da Causa").fill(cause);
  await page.getByLabel("Descrição").fill("Apoio a projetos de teste");
  await page.getByLabel("Ícone").selectOption("🎈");
  await page.getByRole("button", { name: "Criar Causa" }).click();
  await expect(page.getByText("Causa criada com sucesso!")).toBeVisible();
  await expect(page.getByLabel("Nome da Causa")).toHaveValue(""); // the form clears
  const causes = page.getByRole("region", { name: "Causas Cadastradas" });
  await expect(causes.getByRole("listitem").filter({ hasText: cause })).toBeVisible();

  // The party form offers institutions grouped by cause: a cause without an active, verified
  // institution is not offered (nobody would receive its gifts).
  await page.goto("/criar-festa");
  await expect(page.getByLabel("ONG/Causa").locator('optgroup[label="Proteção Animal"] option')).toHaveCount(1);
  await expect(page.getByLabel("ONG/Causa").locator(`optgroup[label="${cause}"]`)).toHaveCount(0);

  await page.goto("/admin/causas");
  const toggle = page.getByRole("switch", { name: `Ativa: ${cause}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByRole("switch", { name: `Ativa: ${cause}` })).toHaveAttribute("aria-checked", "false");

  // Unused, so it can be deleted, behind the spec's confirmation.
  await page.goto("/admin/causas");
  await page.getByRole("button", { name: `Excluir ${cause}` }).click();
  await expect(page.getByRole("alertdialog", { name: "Tem certeza que deseja excluir esta causa?" })).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Causa excluída com sucesso!")).toBeVisible();
  await expect(causes.getByRole("listitem").filter({ hasText: cause })).toHaveCount(0);
});

test("an admin creates a story and it appears on /historias", async ({ browser }) => {
  const page = await adminPage(browser);
  const title = `Uma festa que virou horta ${uniqueId()}`;
  await page.goto("/admin/historias");
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Descrição").fill("Os convidados do Léo plantaram 40 mudas na escola do bairro.");
  await page.getByRole("button", { name: "Criar História" }).click();
  await expect(page.getByText("História criada com sucesso!")).toBeVisible();
  await expect(page.getByLabel("Título")).toHaveValue("");
  await expect(page.getByRole("region", { name: "Histórias Cadastradas" }).getByRole("listitem").filter({ hasText: title })).toBeVisible();

  await page.goto("/historias");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.context().close();
});

test("an admin tab checks its form in the browser with the action's schema, and the action's reply shows the same messages", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.goto("/admin/equipe");
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  await page.getByRole("button", { name: "Conceder acesso" }).click();
  await expect(page.getByText("Informe um e-mail válido.")).toBeVisible();
  expect(posted).toBe(0); // refused in the browser, nothing sent

  // A well-formed e-mail without an account: the server refuses, its reply shows under the field.
  await page.getByLabel("E-mail").fill(`ninguem.${uniqueId()}@exemplo.com.br`);
  await page.getByRole("button", { name: "Conceder acesso" }).click();
  await expect(page.getByText("Nenhuma conta com este e-mail. A pessoa precisa se cadastrar antes.").first()).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await page.context().close();
});

test("without JavaScript, a refused admin form comes back with its messages and what was typed", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logIn(page, "admin@festasolidaria.org.br", "admin1234");
  await page.goto("/admin/causas");
  const name = `Causa sem descrição ${uniqueId()}`;
  await page.getByLabel("Nome da Causa").fill(name);
  await page.getByRole("button", { name: "Criar Causa" }).click();
  await expect(page.getByText("Informe a descrição da causa.")).toBeVisible();
  await expect(page.getByLabel("Nome da Causa")).toHaveValue(name);
  await expect(page.getByRole("region", { name: "Causas Cadastradas" }).getByText(name)).toHaveCount(0);
  await context.close();
});

// Issue 14, item 7: the dashboard's figure, the party edit, names unique within a kind.
test("the dashboard's 'Campanhas ativas' counts exactly the parties its list shows", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/admin");
  const listed = page.getByRole("region", { name: "Festas ativas" }).getByRole("listitem");
  await expect(listed.first()).toBeVisible();
  const figure = page
    .getByRole("region", { name: "Números gerais" })
    .getByText("Campanhas ativas")
    .locator("xpath=following-sibling::p[1]");
  await expect(figure).toHaveText(String(await listed.count()));
  // The demo's ended party (event 20 days ago) is in neither.
  await expect(listed.filter({ hasText: "Festa de 8 anos da Bia" })).toHaveCount(0);
  await page.context().close();
});

test("the admin's party edit shows the event type the creator chose, and changes it", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/admin/festas?q=Aurora");
  // The list shows the stored type ("Confraternização · código natal" in the demo data).
  const listed = await page.getByText(/ · código natal$/).innerText();
  const stored = listed.replace(/ · código natal$/, "");
  await page.getByRole("link", { name: "Editar Confraternização da Empresa Aurora" }).click();
  await expect(page.getByLabel("Tipo de evento")).toHaveValue(stored);
  const next = stored === "Aniversário de Empresa" ? "Confraternização" : "Aniversário de Empresa";
  await page.getByLabel("Tipo de evento").selectOption(next);
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Festa atualizada")).toBeVisible();
  await expect(page.getByRole("region", { name: "Festas" }).getByText(`${next} · código natal`)).toBeVisible();
  await page.goto("/festa/natal");
  await expect(page.getByText(next, { exact: true })).toBeVisible();
  await page.context().close();
});

test("an institution's name is unique whatever its accents and case: the form says so and keeps what was typed", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/admin/ongs");
  await page.getByRole("button", { name: "Cadastrar ONG" }).click();
  await expect(page.getByText("Informe o nome da ONG.")).toBeVisible(); // checked in the browser first

  const anchor = `prato-${uniqueId()}`;
  await page.getByLabel("Nome público").fill("instituto PRATO chêio");
  await page.getByLabel("Razão social").fill("Outro Instituto de Alimentação");
  await page.getByLabel("CNPJ").fill("11.222.333/0001-81");
  await page.getByLabel("Âncora").fill(anchor);
  await page.getByLabel("Cidade").fill("Betim");
  await page.getByLabel("UF").selectOption("MG");
  await page.getByLabel("Descrição").fill("Cozinha solidária");
  await page.getByRole("button", { name: "Cadastrar ONG" }).click();
  await expect(page.getByText("Já existe uma ONG com este nome.").first()).toBeVisible();
  await expect(page.getByLabel("Nome público")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Âncora")).toHaveValue(anchor);
  await expect(page.getByRole("region", { name: "ONGs cadastradas" }).getByText(`#${anchor}`)).toHaveCount(0);
  await page.context().close();
});

// Issue 14, item 5: before the card operator settles, "transferido" needs a reason. The demo's
// "Festa de 8 anos da Bia" ended 20 days ago: the operator settles 13 days from now.
const BIA = "Festa de 8 anos da Bia";
const EARLY = /^A operadora só liquida as doações em \d{2}\/\d{2}\/\d{4}\. Para repassar antes, informe o motivo\.$/;

test("without JavaScript, a payout marked before the settlement date comes back asking for the reason", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logIn(page, "admin@festasolidaria.org.br", "admin1234");
  await page.goto("/admin/repasses");
  const row = page.getByRole("row").filter({ hasText: BIA });
  await expect(row.getByText("Aguardando a operadora")).toBeVisible();
  await row.getByText("Marcar como transferido").click();
  await row.getByLabel("Link do comprovante").fill("https://banco.example/comprovante-bia");
  await row.getByRole("button", { name: "Confirmar repasse" }).click();
  const again = page.getByRole("row").filter({ hasText: BIA });
  await expect(again.getByText(EARLY)).toBeVisible(); // the form is open again, with the message on the reason
  await expect(again.getByLabel("Link do comprovante")).toHaveValue("https://banco.example/comprovante-bia");
  await expect(again.getByLabel("Motivo do repasse antes da liquidação")).toHaveAttribute("aria-invalid", "true");
  await context.close();
});

test("a payout marked before the settlement date needs a reason; a proof of the wrong type is answered in the form", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  await page.goto("/admin/repasses");
  const row = page.getByRole("row").filter({ hasText: BIA });
  await row.getByText("Marcar como transferido").click();
  await row.getByLabel("Link do comprovante").fill("https://banco.example/comprovante-bia");
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  await row.getByRole("button", { name: "Confirmar repasse" }).click();
  await expect(row.getByText(EARLY)).toBeVisible();
  expect(posted).toBe(0); // asked in the browser, nothing sent

  await row.getByLabel("Motivo do repasse antes da liquidação").fill("A ONG precisa pagar a cirurgia marcada para esta semana.");
  await row
    .getByLabel(/ou arquivo/)
    .setInputFiles({ name: "comprovante.pdf", mimeType: "application/pdf", buffer: Buffer.from("não é PDF") });
  await row.getByRole("button", { name: "Confirmar repasse" }).click();
  await expect(row.getByText("Envie o comprovante em PDF, PNG ou JPG.")).toBeVisible(); // the server read the content
  await expect(row.getByLabel(/ou arquivo/)).toHaveAttribute("aria-invalid", "true");

  // Over 10 MB: said in the browser, before 11 MB travel.
  const sentBefore = posted;
  await row
    .getByLabel(/ou arquivo/)
    .setInputFiles({ name: "extrato.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(11 * 1024 * 1024) });
  await row.getByRole("button", { name: "Confirmar repasse" }).click();
  await expect(row.getByText(/^O arquivo tem mais de 10 MB\./)).toBeVisible();
  expect(posted).toBe(sentBefore);

  await row.getByLabel(/ou arquivo/).setInputFiles([]);
  await row.getByRole("button", { name: "Confirmar repasse" }).click();
  await expect(page.getByText("Repasse registrado")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: BIA })).toHaveCount(0);
  await page.goto("/admin/repasses?situacao=transferidos");
  await expect(page.getByRole("row").filter({ hasText: BIA }).getByRole("link", { name: "Link do comprovante" })).toBeVisible();
  await page.context().close();
});
