import { cn } from "~/platform/ui/cn";

/** A progress bar; value is a percentage already capped at 100. */
export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn("h-3 w-full overflow-hidden rounded-full bg-coral-100", className)}
    >
      <div className="h-full rounded-full bg-gradient-to-r from-coral-500 to-coral-600" style={{ width: `${clamped}%` }} />
    </div>
  );
}
