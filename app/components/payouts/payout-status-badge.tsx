import { Badge } from "~/components/ui/badge";
import type { PayoutStatus } from "~/domain/payouts";

const TONES = { aguardando_operadora: "pending", pronto: "info", atrasado: "danger", transferido: "paid" } as const;

/** A party payout's status, worded and coloured the same for the admin and the party's creator. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <Badge tone={TONES[status.stage]} className="whitespace-nowrap">
      {status.label}
    </Badge>
  );
}
