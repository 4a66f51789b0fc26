// npm run admin -- grant EMAIL | revoke EMAIL | list  (see app/domain/admin/admin-cli.server.ts)
import { ADMIN_CLI_USAGE, runAdminCommand } from "~/domain/admin/admin-cli.server";
import { withScriptDatabase } from "./script-db";

const args = process.argv.slice(2);
const [command] = args;
if (!command || !["grant", "revoke", "list"].includes(command)) {
  console.error(ADMIN_CLI_USAGE);
  process.exit(2);
}

let code = 0;
await withScriptDatabase(async () => {
  code = await runAdminCommand(args, { log: (l) => console.log(l), error: (l) => console.error(l) });
});
process.exit(code);
