// npm run outbox -- status | pause [MOTIVO] | resume  (see app/platform/mail/outbox-cli.server.ts)
import path from "node:path";
import { getConfig } from "~/platform/config.server";
import { OUTBOX_CLI_USAGE, runOutboxCommand } from "~/platform/mail/outbox-cli.server";
import { withScriptDatabase } from "./script-db";

const args = process.argv.slice(2);
if (!["status", "pause", "resume"].includes(args[0] ?? "")) {
  console.error(OUTBOX_CLI_USAGE);
  process.exit(2);
}

let code = 0;
await withScriptDatabase(async () => {
  const config = getConfig();
  // The same identity the server computes (PGlite: its folder).
  const location = config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR, "pglite");
  code = await runOutboxCommand(args, { log: (l) => console.log(l), error: (l) => console.error(l) }, location);
});
process.exit(code);
