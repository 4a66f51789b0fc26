CREATE TABLE "unmatched_payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"summary" jsonb NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"flagged_at" timestamp with time zone,
	CONSTRAINT "unmatched_payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "abuse_subject" text;--> statement-breakpoint
CREATE INDEX "unmatched_payment_events_seen_idx" ON "unmatched_payment_events" USING btree ("last_seen_at" DESC NULLS LAST);