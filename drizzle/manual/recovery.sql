-- Issue 30 (docs/recovery.md): the recovery tables' closed lists, held by the database too.
ALTER TABLE "subscription_recoveries" ADD CONSTRAINT "subscription_recoveries_values" CHECK (
  "status" in ('open', 'recovered', 'suspended')
  and "method" in ('card', 'pix_automatico')
  and "retries_by" in ('ours', 'provider')
);--> statement-breakpoint
ALTER TABLE "subscription_recovery_events" ADD CONSTRAINT "subscription_recovery_events_kind" CHECK (
  "kind" in ('failed', 'retry_requested', 'pix_created', 'suspended', 'recovered', 'extra_payment')
);
