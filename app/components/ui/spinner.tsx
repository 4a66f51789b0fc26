import { Loader2 } from "lucide-react";
import { cn } from "~/platform/ui/cn";

export function Spinner({ label = "Carregando...", className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center gap-2 text-muted", className)}>
      <Loader2 className="animate-spin text-coral-600" size={22} strokeWidth={2} aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
