/**
 * Who is asking. The accounts issue (#3) backs this with Better Auth sessions; until then
 * nobody is signed in.
 */
export type SessionUser = { id: string; name: string; email: string; image: string | null; isAdmin: boolean };

export async function getOptionalUser(_request: Request): Promise<SessionUser | null> {
  return null;
}
