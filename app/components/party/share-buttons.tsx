import { Copy, Share2 } from "lucide-react";
import { toast } from "~/platform/ui/toast";
import { Button } from "~/components/ui/button";
import { cn } from "~/platform/ui/cn";

async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success("Link copiado!", { description: "O link foi copiado para a área de transferência" });
  } catch {
    // Clipboard can be blocked (insecure context, permissions): show the link to copy by hand.
    toast("Copie o link da festa", { description: link });
  }
}

/** 'Copiar Link' and 'Compartilhar' (native share sheet, falling back to copying). */
export function ShareButtons({
  link,
  title,
  className,
  size = "md",
}: {
  link: string;
  title: string;
  className?: string;
  size?: "sm" | "md";
}) {
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text: `${title} — faça parte desta festa solidária!`, url: link });
        return;
      } catch (error) {
        if ((error as Error).name === "AbortError") return; // the guest closed the share sheet
      }
    }
    await copyLink(link);
  }
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Button type="button" variant="secondary" size={size} onClick={() => void copyLink(link)}>
        <Copy size={18} strokeWidth={2} aria-hidden="true" />
        Copiar Link
      </Button>
      <Button type="button" variant="secondary" size={size} onClick={() => void share()}>
        <Share2 size={18} strokeWidth={2} aria-hidden="true" />
        Compartilhar
      </Button>
    </div>
  );
}
