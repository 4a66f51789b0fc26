import { data } from "react-router";
import { requireUser } from "~/domain/accounts/index.server";
import { findOwnParty } from "./own-party.server";

/**
 * The signed-in creator and their party `shareCode`: a visitor goes to sign in, and a party that
 * is not theirs answers 404 exactly like one that does not exist (nothing to learn by probing).
 */
export async function requireOwnParty(request: Request, shareCode: string | undefined) {
  const user = await requireUser(request);
  const party = shareCode && /^[a-z0-9-]{1,64}$/i.test(shareCode) ? await findOwnParty(user.id, shareCode) : null;
  if (!party) throw data("Festa não encontrada.", { status: 404 });
  return { user, party };
}
