// npm run db:migrate — applies the committed migrations (also done at every server start).
import { withScriptDatabase } from "./script-db";

await withScriptDatabase(async () => {
  console.log("Migrações aplicadas.");
});
