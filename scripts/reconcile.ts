// npm run reconcile [-- --dias N | --desde AAAA-MM-DD [--ate AAAA-MM-DD]]  (see app/domain/ledger/reconcile-cli.server.ts)
import { getConfig } from "~/platform/config.server";
import { createPayments } from "~/domain/payments/index.server";
import { RECONCILE_IN_SERVER_EXIT, reconcileInServerAdvice, runReconcileCommand } from "~/domain/ledger/index.server";
import { readLockOwner } from "~/platform/db/data-dir-lock.server";
import { withScriptDatabase } from "./script-db";

// The embedded database allows one process per folder: while the server holds it, the run happens
// inside the server (Admin → Conciliação), and this says so instead of failing.
const config = getConfig();
const serverPid = config.DATABASE_URL ? null : readLockOwner(config.DATA_DIR);
if (serverPid) {
  for (const line of reconcileInServerAdvice(config.PUBLIC_URL, serverPid)) console.log(line);
  process.exit(RECONCILE_IN_SERVER_EXIT);
}

let code = 0;
await withScriptDatabase(async () => {
  // Reading the providers' books only: nothing is ever queued for delivery from here.
  const noQueue = { deliver: async () => {} };
  const payments = createPayments(getConfig(), noQueue);
  code = await runReconcileCommand(
    process.argv.slice(2),
    { log: (l) => console.log(l), error: (l) => console.error(l) },
    { providers: payments.all },
  );
});
process.exit(code);
