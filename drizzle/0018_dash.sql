CREATE TYPE "public"."impact_update_status" AS ENUM('pendente', 'aprovada', 'recusada');--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "shares_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD COLUMN "status" "impact_update_status" DEFAULT 'aprovada' NOT NULL;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD CONSTRAINT "impact_updates_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_updates" ADD CONSTRAINT "impact_updates_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impact_updates_pending_idx" ON "impact_updates" USING btree ("created_at") WHERE "impact_updates"."status" = 'pendente';--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_shares_contact_named" CHECK (not "donations"."shares_contact" or not "donations"."anonymous");--> statement-breakpoint
ALTER TABLE "impact_updates" ADD CONSTRAINT "impact_updates_reviewed" CHECK ("impact_updates"."status" = 'pendente' or "impact_updates"."submitted_by" is null or "impact_updates"."reviewed_at" is not null);