import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Doação Confirmada! — Festa Solidária" }];

// Built by issue #2.
export default function Page() {
  return <PendingFeature title="Doação Confirmada!" />;
}
