import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Política de Privacidade — Festa Solidária" }];

// Built by issue #2.
export default function Page() {
  return <PendingFeature title="Política de Privacidade" />;
}
