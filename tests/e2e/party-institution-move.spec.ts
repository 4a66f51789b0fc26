import { expect, type Browser, type Page, test } from "@playwright/test";

// Issue 27 item 6 (decision 165): Mariana's party for Associação Patinhas do Bem gets a gift, the
// admin moves it to Coletivo Verde Vivo with a reason; the gift stays with Patinhas (receipt,
// institution payouts), the party shows Verde Vivo and its cause with a line about the earlier
// gifts, and the host and both institutions find the e-mail in /dev/emails.
const PATINHAS = "Associação Patinhas do Bem";
const VERDE = "Coletivo Verde Vivo";

async function logIn(page: Page, email: string, password: string, to: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => url.pathname === new URL(to, "http://x").pathname);
}

async function newPage(browser: Browser) {
  return (await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" })).newPage();
}

function saoPauloDate(daysFromToday: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + daysFromToday, 12)).toISOString().slice(0, 10);
}

test("the admin moves a party to another institution: pages, receipt, payouts and e-mails tell one story", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const name = `Festa da Mudança ${Date.now().toString(36)}`;

  // The host creates the party for Patinhas do Bem.
  await logIn(page, "mariana@exemplo.com.br", "festa1234", "/criar-festa");
  await page.getByLabel("Nome da festa").fill(name);
  await page.getByLabel("Tipo de evento").selectOption("Outro");
  await page.getByLabel("Data do evento").fill(saoPauloDate(5));
  await page.getByLabel("ONG/Causa", { exact: true }).selectOption({ label: `${PATINHAS} · Belo Horizonte - MG` });
  await page.getByRole("button", { name: "Criar Festa Solidária" }).click();
  await expect(page).toHaveURL(/\/painel\/festa\/[0-9a-z]{5}\?nova=1$/);
  const code = new URL(page.url()).pathname.split("/").pop()!;

  // The host's edit page says what the host changes, and how to ask for the rest.
  await page.goto(`/painel/festa/${code}/editar`);
  await expect(page.getByTestId("o-que-muda")).toContainText(
    "Aqui você muda a meta, a mensagem e a foto de capa e, até a festa terminar, o nome e a data.",
  );
  await expect(page.getByTestId("o-que-muda")).toContainText(`(${PATINHAS} · Proteção Animal)`);
  await expect(page.getByRole("link", { name: "peça em Contato" })).toHaveAttribute("href", "/contato");

  // A guest gives R$ 25 by card in the sandbox; the receipt names Patinhas.
  const guest = await newPage(browser);
  await guest.goto(`/doar?festa=${code}`);
  await guest.locator("label", { hasText: /^R\$ 25$/ }).click();
  await guest.getByLabel("Nome", { exact: true }).fill("Bia Convidada");
  await guest.getByLabel("E-mail", { exact: true }).fill("bia.mudanca@exemplo.com.br");
  await guest.getByLabel("Cartão", { exact: true }).check();
  await guest.getByRole("button", { name: /^Doar (R\$ 25,00|Agora)$/ }).click();
  await guest.getByRole("button", { name: "Pagar R$ 25,00" }).click();
  await expect(guest.getByRole("heading", { name: "Doação Confirmada!" })).toBeVisible({ timeout: 20_000 });
  await guest.getByRole("link", { name: "página de verificação do recibo" }).click();
  await expect(guest).toHaveURL(/\/recibo\/[0-9a-f]{32}$/);
  const receiptUrl = guest.url();
  await expect(guest.getByTestId("instituicao")).toContainText(PATINHAS);

  // The admin moves it, with a reason.
  const admin = await newPage(browser);
  await logIn(admin, "admin@festasolidaria.org.br", "admin1234", "/admin");
  await admin.goto(`/admin/festas?q=${encodeURIComponent(name)}`);
  await admin.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(admin.getByTestId("admin-festa-instituicao")).toHaveText(`${PATINHAS} · Proteção Animal`);
  // The cause is not a field: it is the institution's.
  await expect(admin.getByLabel("ONG/Causa", { exact: true })).toHaveCount(0);
  const dialog = admin.getByTestId("mudar-instituicao");
  await dialog.getByText("Mudar de instituição", { exact: true }).click();
  await dialog.getByRole("button", { name: "Confirmar mudança" }).click();
  await expect(dialog.getByText("Escolha a nova instituição.")).toBeVisible();
  await dialog.getByLabel("Nova instituição", { exact: true }).selectOption({ label: `${VERDE} · Curitiba - PR (Meio Ambiente)` });
  await dialog.getByLabel("Motivo", { exact: true }).fill("A anfitriã pediu para apoiar o Verde Vivo");
  await dialog.getByLabel(/^Confirmo: as doações já pagas continuam com/).check();
  await dialog.getByRole("button", { name: "Confirmar mudança" }).click();
  await expect(admin.getByText("Instituição alterada")).toBeVisible();
  await expect(admin.getByTestId("admin-festa-instituicao")).toHaveText(`${VERDE} · Meio Ambiente`);

  // The party page: the new institution and its cause, and where the earlier gifts went.
  const today = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date());
  await guest.goto(`/festa/${code}`);
  await expect(guest.getByTestId("instituicao")).toContainText(VERDE);
  await expect(guest.getByRole("main")).toContainText("Meio Ambiente");
  await expect(guest.getByRole("main")).toContainText("Arrecadado nesta festa");
  await expect(guest.getByRole("main").getByText("Proteção Animal")).toHaveCount(0);
  await expect(guest.getByTestId("instituicao-anterior")).toHaveText(`As doações feitas até ${today} foram para ${PATINHAS}.`);
  // New gifts go to Verde Vivo.
  await guest.goto(`/doar?festa=${code}`);
  await expect(guest.getByTestId("instituicao")).toContainText(VERDE);

  // The receipt still names the institution that received the gift.
  await guest.goto(receiptUrl);
  await expect(guest.getByTestId("instituicao")).toContainText(PATINHAS);

  // Both institutions' pages: each still offers its own gifts; Patinhas keeps the moved party's gift to pay out.
  await guest.goto("/causas#patinhas-do-bem");
  await expect(guest.locator("#patinhas-do-bem")).toContainText(PATINHAS);
  await guest.goto("/causas#verde-vivo");
  await expect(guest.locator("#verde-vivo")).toContainText(VERDE);
  await admin.goto("/admin/repasses?situacao=instituicoes");
  const patinhasPayout = admin.getByTestId("institution-payout").filter({ has: admin.getByRole("heading", { name: PATINHAS }) });
  await expect(patinhasPayout).toContainText("R$ 22,50");

  // The e-mails: the host and both institutions, with the reason.
  await expect(async () => {
    await admin.goto("/dev/emails");
    const moved = admin.getByRole("listitem").filter({ hasText: `Festa "${name}": a instituição que recebe as doações mudou` });
    await expect(moved).toHaveCount(3, { timeout: 1_000 });
    await expect(moved.filter({ hasText: "mariana@exemplo.com.br" })).toHaveCount(1);
    await expect(moved.filter({ hasText: "adote@patinhasdobem.org.br" })).toHaveCount(1);
    await expect(moved.filter({ hasText: "ola@verdevivo.org.br" })).toHaveCount(1);
  }).toPass({ timeout: 20_000 });
  const toPatinhas = admin.getByRole("listitem").filter({ hasText: "adote@patinhasdobem.org.br" }).filter({ hasText: name });
  await expect(toPatinhas).toContainText("Motivo: A anfitriã pediu para apoiar o Verde Vivo");
  await expect(toPatinhas).toContainText("As doações que vocês já receberam por ela continuam com vocês");
});
