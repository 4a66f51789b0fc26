import { MessageCircle } from "lucide-react";
import { useRootData } from "~/components/layout/root-data";

const WHATSAPP_GREETING = "Olá! Vim pelo site da Festa Solidária e gostaria de mais informações.";

export function whatsappLink(number: string, text = WHATSAPP_GREETING) {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

export function WhatsAppButton() {
  const config = useRootData()?.config;
  if (!config) return null;
  // In its own landmark, so screen-reader users find it with the rest of the page's regions.
  return (
    <aside aria-label="Atendimento pelo WhatsApp">
      <a
        href={whatsappLink(config.whatsappNumber)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Fale conosco pelo WhatsApp"
        className="fixed right-4 bottom-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-[#0f7a3d] text-white shadow-soft hover:bg-[#0b6331]"
      >
        <MessageCircle size={28} strokeWidth={2} aria-hidden="true" />
      </a>
    </aside>
  );
}
