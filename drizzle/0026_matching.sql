CREATE TYPE "public"."match_pledge_status" AS ENUM('pendente_confirmacao', 'ativa', 'encerrada', 'cancelada');--> statement-breakpoint
CREATE TABLE "match_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pledge_id" uuid NOT NULL,
	"donation_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_allocations_donation_id_unique" UNIQUE("donation_id"),
	CONSTRAINT "match_allocations_amount_positive" CHECK ("match_allocations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "match_pledges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_id" uuid NOT NULL,
	"sponsor_name" text NOT NULL,
	"sponsor_document" text NOT NULL,
	"sponsor_email" text,
	"sponsor_logo_url" text,
	"ratio_percent" integer DEFAULT 100 NOT NULL,
	"cap_cents" bigint NOT NULL,
	"matched_cents" bigint DEFAULT 0 NOT NULL,
	"status" "match_pledge_status" NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created_by" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_pledges_cap_positive" CHECK ("match_pledges"."cap_cents" > 0),
	CONSTRAINT "match_pledges_matched_within_cap" CHECK ("match_pledges"."matched_cents" >= 0 and "match_pledges"."matched_cents" <= "match_pledges"."cap_cents"),
	CONSTRAINT "match_pledges_ratio_range" CHECK ("match_pledges"."ratio_percent" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "match_allocations" ADD CONSTRAINT "match_allocations_pledge_id_match_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."match_pledges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_allocations" ADD CONSTRAINT "match_allocations_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_pledges" ADD CONSTRAINT "match_pledges_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_pledges" ADD CONSTRAINT "match_pledges_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_allocations_pledge_idx" ON "match_allocations" USING btree ("pledge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_pledges_one_active_per_party" ON "match_pledges" USING btree ("party_id") WHERE "match_pledges"."status" = 'ativa';