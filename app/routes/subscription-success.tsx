import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Assinatura Confirmada! — Festa Solidária" }];

// Built by issue #2.
export default function Page() {
  return <PendingFeature title="Assinatura Confirmada!" />;
}
