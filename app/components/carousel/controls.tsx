import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { cn } from "~/platform/ui/cn";

const round =
  "inline-flex h-11 w-11 items-center justify-center rounded-full border border-coral-200 bg-white text-indigo-800 shadow-soft hover:bg-coral-50";

export function CarouselButton({
  direction,
  label,
  onClick,
  className,
}: {
  direction: "prev" | "next";
  label: string;
  onClick: () => void;
  className?: string;
}) {
  const Icon = direction === "prev" ? ChevronLeft : ChevronRight;
  return (
    <button type="button" aria-label={label} onClick={onClick} className={cn(round, className)}>
      <Icon size={22} strokeWidth={2} aria-hidden="true" />
    </button>
  );
}

export function PlayPauseButton({ stopped, onClick, what }: { stopped: boolean; onClick: () => void; what: string }) {
  return (
    <button type="button" aria-label={stopped ? `Retomar ${what}` : `Pausar ${what}`} onClick={onClick} className={round}>
      {stopped ? <Play size={18} strokeWidth={2} aria-hidden="true" /> : <Pause size={18} strokeWidth={2} aria-hidden="true" />}
    </button>
  );
}
