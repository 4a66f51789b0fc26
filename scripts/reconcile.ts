// npm run reconcile [-- --dias N | --desde AAAA-MM-DD [--ate AAAA-MM-DD]]  (see app/domain/ledger/reconcile-cli.server.ts)
import { getConfig } from "~/platform/config.server";
import { createPayments, enabledProviders } from "~/domain/payments/index.server";
import { runReconcileCommand } from "~/domain/ledger/index.server";
import { withScriptDatabase } from "./script-db";

let code = 0;
await withScriptDatabase(async () => {
  // Reading the providers' books only: nothing is ever queued for delivery from here.
  const noQueue = { deliver: async () => {} };
  const payments = createPayments(getConfig(), noQueue);
  code = await runReconcileCommand(
    process.argv.slice(2),
    { log: (l) => console.log(l), error: (l) => console.error(l) },
    { providers: enabledProviders(payments) },
  );
});
process.exit(code);
