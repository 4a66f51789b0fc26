import { MessageCircle } from "lucide-react";
import { useLocation } from "react-router";
import { useRootData } from "~/components/layout/root-data";

const WHATSAPP_GREETING = "Olá! Vim pelo site da Festa Solidária e gostaria de mais informações.";

export function whatsappLink(number: string, text = WHATSAPP_GREETING) {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/**
 * The pages a visitor reads, where nothing to tap sits in the corner the button takes. Everywhere
 * else (/doar and the Pix page with their amounts and QR code, checkout, forms, a party page with
 * its QR code, the panels) a floating button would cover what the visitor came to use, so it is
 * not drawn there: an allow-list, so a new page with a form is covered from its first day.
 */
const READING_PAGES = /^\/(como-funciona|causas|historias|transparencia|faq|termos-de-uso|politica-privacidade)?\/*$/;

export function showsFloatingWhatsApp(pathname: string): boolean {
  return READING_PAGES.test(pathname);
}

/** The floating "Fale conosco" button: only with a configured number, and only on reading pages. */
export function WhatsAppButton() {
  const number = useRootData()?.config.whatsappNumber;
  const { pathname } = useLocation();
  if (!number || !showsFloatingWhatsApp(pathname)) return null;
  // In its own landmark, so screen-reader users find it with the rest of the page's regions.
  return (
    <aside aria-label="Atendimento pelo WhatsApp">
      <a
        href={whatsappLink(number)}
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
