// npm run db:seed — adds the demo data set to an empty database (embedded or DATABASE_URL).
import { seedIfEmpty } from "~/seed/seed.server";
import { withScriptDatabase } from "./script-db";

await withScriptDatabase(async () => {
  const seeded = await seedIfEmpty();
  console.log(seeded ? "Dados de demonstração criados." : "O banco já tem dados; nada foi alterado.");
});
