import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";

/**
 * The page a signed invitation link opens (an institution's team, a party's co-hosts): what the
 * invitation is for and one button that accepts it, or why it cannot be accepted and a way back.
 */
export function InviteAcceptPage(props: {
  eyebrow: string;
  title: string;
  problem: string | null;
  /** The invitation's sentence; null when the link could not be read (then `problem` says why). */
  invitation: ReactNode | null;
  token: string;
  back: { to: string; label: string };
}) {
  return (
    <>
      <PageHeader eyebrow={props.eyebrow} title={props.title} />
      <div className="mx-auto max-w-xl px-4 pb-16">
        {props.problem ? (
          <Alert tone="danger" title="Não foi possível aceitar">
            <p>{props.problem}</p>
            <p className="mt-2">
              <Link to={props.back.to} className="font-bold underline">
                {props.back.label}
              </Link>
            </p>
          </Alert>
        ) : props.invitation ? (
          <section className="rounded-3xl border border-coral-100 bg-white p-6 shadow-soft">
            <p>{props.invitation}</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="t" value={props.token} />
              <Button type="submit" size="lg">
                Aceitar o convite
              </Button>
            </Form>
          </section>
        ) : null}
      </div>
    </>
  );
}
