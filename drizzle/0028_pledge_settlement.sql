ALTER TABLE "donations" ADD COLUMN "match_pledge_id" uuid;--> statement-breakpoint
ALTER TABLE "match_pledges" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_pledges" ADD COLUMN "payment_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_match_pledge_id_match_pledges_id_fk" FOREIGN KEY ("match_pledge_id") REFERENCES "public"."match_pledges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_match_pledge_idx" ON "donations" USING btree ("match_pledge_id") WHERE "donations"."match_pledge_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "donations_one_open_settlement" ON "donations" USING btree ("match_pledge_id") WHERE "donations"."match_pledge_id" is not null and "donations"."status" = 'pendente';--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_settlement_plain" CHECK ("donations"."match_pledge_id" is null or (not "donations"."covers_fee" and "donations"."honoree_name" is null));--> statement-breakpoint
-- Pledges cancelled before this migration ended when they were last changed.
UPDATE "match_pledges" SET "ended_at" = "updated_at" WHERE "status" IN ('encerrada', 'cancelada') AND "ended_at" IS NULL;