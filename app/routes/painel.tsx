import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Painel do Festeiro — Festa Solidária" }];

// Built by issue #4.
export default function Page() {
  return <PendingFeature title="Painel do Festeiro" />;
}
