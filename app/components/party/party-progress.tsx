import { Progress } from "~/components/ui/progress";
import { formatCents, formatPercent, progressPercent } from "~/platform/money";

/** 'x% de R$ goal' with a bar, only when there is a goal and something raised (product-spec §2). */
export function PartyProgress({ raisedCents, goalCents, className }: { raisedCents: number; goalCents: number; className?: string }) {
  if (goalCents <= 0 || raisedCents <= 0) return null;
  const percent = progressPercent(raisedCents, goalCents);
  const text = `${formatPercent(Math.floor(percent), 0)} de ${formatCents(goalCents)}`;
  return (
    <div className={className}>
      <Progress value={percent} label={text} />
      <p className="mt-1.5 text-sm font-semibold text-muted">{text}</p>
    </div>
  );
}
