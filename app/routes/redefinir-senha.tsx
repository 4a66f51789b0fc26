import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Redefinir senha — Festa Solidária" }];

// Built by issue #3.
export default function Page() {
  return <PendingFeature title="Redefinir senha" />;
}
