CREATE TYPE "public"."impact_update_status" AS ENUM('pendente', 'aprovada', 'recusada');--> statement-breakpoint
CREATE TABLE "subscription_recoveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"invoice_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"retries_by" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"failures" integer DEFAULT 1 NOT NULL,
	"retries_requested" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"recovered_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"pix_txid" text,
	"pix_copy_paste" text,
	"pix_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_recoveries_invoice_id_unique" UNIQUE("invoice_id"),
	CONSTRAINT "subscription_recoveries_pix_txid_unique" UNIQUE("pix_txid"),
	CONSTRAINT "subscription_recoveries_counts" CHECK ("subscription_recoveries"."failures" >= 1 and "subscription_recoveries"."retries_requested" >= 0 and "subscription_recoveries"."amount_cents" >= 0),
	CONSTRAINT "subscription_recoveries_state" CHECK (("subscription_recoveries"."status" = 'recovered') = ("subscription_recoveries"."recovered_at" is not null) and ("subscription_recoveries"."status" <> 'suspended' or "subscription_recoveries"."suspended_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "subscription_recovery_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recovery_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"attempt" integer,
	"provider_event_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "shares_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD COLUMN "status" "impact_update_status" DEFAULT 'aprovada' NOT NULL;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "subscription_recoveries" ADD CONSTRAINT "subscription_recoveries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_recovery_events" ADD CONSTRAINT "subscription_recovery_events_recovery_id_subscription_recoveries_id_fk" FOREIGN KEY ("recovery_id") REFERENCES "public"."subscription_recoveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_recoveries_subscription_idx" ON "subscription_recoveries" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_recoveries_due_idx" ON "subscription_recoveries" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "subscription_recoveries_failed_idx" ON "subscription_recoveries" USING btree ("first_failed_at");--> statement-breakpoint
CREATE INDEX "subscription_recovery_events_recovery_idx" ON "subscription_recovery_events" USING btree ("recovery_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_recovery_events_retry_idx" ON "subscription_recovery_events" USING btree ("recovery_id","attempt") WHERE "subscription_recovery_events"."kind" = 'retry_requested';--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_recovery_events_provider_idx" ON "subscription_recovery_events" USING btree ("provider_event_id","kind");--> statement-breakpoint
ALTER TABLE "impact_updates" ADD CONSTRAINT "impact_updates_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD CONSTRAINT "impact_updates_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impact_updates_pending_idx" ON "impact_updates" USING btree ("created_at") WHERE "impact_updates"."status" = 'pendente';--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_shares_contact_named" CHECK (not "donations"."shares_contact" or not "donations"."anonymous");--> statement-breakpoint
ALTER TABLE "impact_updates" ADD CONSTRAINT "impact_updates_reviewed" CHECK ("impact_updates"."status" = 'pendente' or "impact_updates"."submitted_by" is null or "impact_updates"."reviewed_at" is not null);
--> statement-breakpoint
-- drizzle/manual/recovery.sql
-- Issue 30 (docs/recovery.md): the recovery tables' closed lists, held by the database too.
ALTER TABLE "subscription_recoveries" ADD CONSTRAINT "subscription_recoveries_values" CHECK (
  "status" in ('open', 'recovered', 'suspended')
  and "method" in ('card', 'pix_automatico')
  and "retries_by" in ('ours', 'provider')
);--> statement-breakpoint
ALTER TABLE "subscription_recovery_events" ADD CONSTRAINT "subscription_recovery_events_kind" CHECK (
  "kind" in ('failed', 'retry_requested', 'pix_created', 'suspended', 'recovered', 'extra_payment')
);
