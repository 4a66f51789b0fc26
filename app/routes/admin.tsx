import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Painel Administrativo — Festa Solidária" }];

// Built by issue #7.
export default function Page() {
  return <PendingFeature title="Painel Administrativo" />;
}
