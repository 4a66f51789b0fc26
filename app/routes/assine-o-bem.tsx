import { PendingFeature } from "~/components/layout/pending-feature";

export const meta = () => [{ title: "Assine o Bem — Festa Solidária" }];

// Built by issue #6.
export default function Page() {
  return <PendingFeature title="Assine o Bem" />;
}
