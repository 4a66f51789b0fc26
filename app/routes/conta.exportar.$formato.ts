import { data } from "react-router";
import type { Route } from "./+types/conta.exportar.$formato";
import { requireUser } from "~/domain/accounts/guards.server";
import { accountSubject, findAccountProfile } from "~/domain/accounts/account.server";
import { collectPersonalData, personalDataDownload } from "~/domain/accounts/personal-data.server";

/** /conta/exportar/json and /conta/exportar/csv: the signed-in person's data, built at once, as a download. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const format = params.formato;
  if (format !== "json" && format !== "csv") throw data(null, { status: 404 });
  const session = await requireUser(request, { redirectTo: "/conta#meus-dados" });
  const profile = await findAccountProfile(session.id);
  if (!profile) throw data(null, { status: 404 });
  const now = context.clock.now();
  const export_ = await collectPersonalData(accountSubject(profile), now);
  return personalDataDownload(export_, format, now);
}
