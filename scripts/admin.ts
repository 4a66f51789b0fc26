// npm run admin -- grant EMAIL | revoke EMAIL | list  (see app/domain/accounts/admin-cli.server.ts)
//                  pix-webhooks  registers the PSP's webhooks (docs/operations.md, "Pix")
import { ADMIN_CLI_USAGE, runAdminCommand } from "~/domain/accounts/admin-cli.server";
import { createPixApiProvider, pixWebhookUrl } from "~/domain/payments/pix-api.server";
import { getConfig } from "~/platform/config.server";
import { withScriptDatabase } from "./script-db";

const USAGE = `${ADMIN_CLI_USAGE}

  npm run admin -- pix-webhooks   registra no PSP o webhook do Pix (PUT /webhook/{chave}) e, com
                                  PIX_AUTOMATICO=on, os da recorrência e das cobranças
                                  (PUT /webhookrec, PUT /webhookcobr), todos em PUBLIC_URL/api/webhooks/pix`;

const args = process.argv.slice(2);
const [command] = args;

/** No database: the PSP only needs the configuration; the token never reaches the output. */
async function registerPixWebhooks(): Promise<number> {
  const config = getConfig();
  if (!config.pixApi) {
    console.error("PIX_API_URL não configurada: não há PSP onde registrar webhooks.");
    return 1;
  }
  const provider = createPixApiProvider(config.pixApi, { publicUrl: config.PUBLIC_URL });
  try {
    const done = await provider.registerAllWebhooks(pixWebhookUrl(config.PUBLIC_URL, config.pixApi.webhookToken));
    console.log(`Registrados em ${config.PUBLIC_URL}/api/webhooks/pix: ${done.join(", ")}.`);
    return 0;
  } catch (error) {
    console.error(`O PSP recusou: ${(error as Error).message}`);
    return 1;
  }
}

if (command === "pix-webhooks" && args.length === 1) process.exit(await registerPixWebhooks());
if (!command || !["grant", "revoke", "list"].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

let code = 0;
await withScriptDatabase(async () => {
  code = await runAdminCommand(args, { log: (l) => console.log(l), error: (l) => console.error(l) });
});
process.exit(code);
