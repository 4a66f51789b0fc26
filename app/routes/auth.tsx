import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Acesse sua conta — Festa Solidária" }];

// Built by issue #3.
export default function Page() {
  return <PendingFeature title="Acesse sua conta" />;
}
