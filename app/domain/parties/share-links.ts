/**
 * Where a creator finds what they need to spread their party (issue 17): the share moment after
 * creating it, kept at hand on /painel, and the files it offers. Browser-safe.
 */
export const sharePagePath = (shareCode: string, flags: { created?: boolean; photoLater?: boolean } = {}) => {
  const query = new URLSearchParams();
  if (flags.created) query.set("nova", "1");
  if (flags.photoLater) query.set("foto", "depois");
  const search = query.toString();
  return `/painel/festa/${shareCode}${search ? `?${search}` : ""}`;
};

/** The dashboard's list of every gift (issue 29, item 6). */
export const guestListPath = (shareCode: string) => `/painel/festa/${shareCode}#convidados`;
export const editPagePath = (shareCode: string) => `/painel/festa/${shareCode}/editar`;
export const qrPngPath = (shareCode: string) => `/painel/festa/${shareCode}/qr.png`;
export const invitationPdfPath = (shareCode: string) => `/painel/festa/${shareCode}/convite.pdf`;
/** The guests who agreed to be contacted by the host (decision 212). */
export const guestsCsvPath = (shareCode: string) => `/painel/festa/${shareCode}/convidados.csv`;
export const storiesPngPath = (shareCode: string) => `/painel/festa/${shareCode}/stories.png`;

/** The WhatsApp message a creator sends to their guests (wa.me opens it ready to send). */
export function whatsappShareUrl(party: { name: string; shareLink: string; causeName: string }) {
  const text = `🎉 ${party.name}\nNo lugar de presentes, estou arrecadando doações para ${party.causeName}. Participe com qualquer valor: ${party.shareLink}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
