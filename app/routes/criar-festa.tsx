import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Criar Festa — Festa Solidária" }];

// Built by issue #4.
export default function Page() {
  return <PendingFeature title="Criar Festa" />;
}
