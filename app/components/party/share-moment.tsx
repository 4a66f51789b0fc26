import { Copy, Download, FileText, Image as ImageIcon, MessageCircle, QrCode } from "lucide-react";
import { toast } from "~/platform/ui/toast";
import { Button, buttonVariants } from "~/components/ui/button";
import { invitationPdfPath, qrPngPath, storiesPngPath, whatsappShareUrl } from "~/domain/parties/share-links";

type ShareParty = { name: string; shareCode: string; shareLink: string; causeName: string };

async function copy(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success("Link copiado!", { description: "Agora é só colar na conversa com seus convidados." });
  } catch {
    // Clipboard can be blocked (insecure context, permissions): the link is on screen to copy by hand.
    toast("Copie o link da festa", { description: link });
  }
}

const fileLink = buttonVariants({ variant: "secondary", className: "justify-start" });

/**
 * Everything a creator needs to spread their party (issue 17): the link as text with a copy
 * button, WhatsApp with a ready message, the QR code as PNG, a printable invitation and a square
 * image for stories. Shown after creating a party and kept on its page in /painel.
 */
export function ShareMoment({ party, qr }: { party: ShareParty; qr: string }) {
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_14rem] md:items-start">
      <div className="grid min-w-0 gap-4">
        <div>
          <p className="text-sm font-bold text-muted" id="link-da-festa">
            Link da festa
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <output
              aria-labelledby="link-da-festa"
              className="min-w-0 flex-1 rounded-xl border border-coral-100 bg-cream px-3 py-2 font-bold break-all text-indigo-800 select-all"
              data-testid="share-link"
            >
              {party.shareLink}
            </output>
            <Button type="button" onClick={() => void copy(party.shareLink)}>
              <Copy size={18} strokeWidth={2} aria-hidden="true" />
              Copiar link
            </Button>
          </div>
        </div>
        <a
          href={whatsappShareUrl(party)}
          target="_blank"
          rel="noreferrer"
          className={buttonVariants({ className: "bg-[#1f7a4a] hover:bg-[#17603a]" })}
        >
          <MessageCircle size={18} strokeWidth={2} aria-hidden="true" />
          Enviar no WhatsApp
        </a>
        {/* Natural widths that wrap: three equal columns cut "Imagem para stories" at 1280 px. */}
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          <a href={qrPngPath(party.shareCode)} download={`qr-code-${party.shareCode}.png`} className={fileLink}>
            <QrCode size={18} strokeWidth={2} aria-hidden="true" />
            QR code (PNG)
          </a>
          <a href={invitationPdfPath(party.shareCode)} download={`convite-${party.shareCode}.pdf`} className={fileLink}>
            <FileText size={18} strokeWidth={2} aria-hidden="true" />
            Convite (PDF)
          </a>
          <a href={storiesPngPath(party.shareCode)} download={`stories-${party.shareCode}.png`} className={fileLink}>
            <ImageIcon size={18} strokeWidth={2} aria-hidden="true" />
            Imagem para stories
          </a>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <Download size={14} strokeWidth={2} aria-hidden="true" />
          Imprima o convite para a mesa da festa; a imagem quadrada serve para stories e status.
        </p>
      </div>
      <img
        src={qr}
        width={224}
        height={224}
        alt={`QR code com o link da festa: ${party.shareLink}`}
        className="mx-auto h-56 w-56 rounded-2xl border border-coral-100 bg-white p-2"
      />
    </div>
  );
}
