-- Issue 29, item 6 (decision 212): a party's news may be sent more than once (at most once in 24 h),
-- and the host's guest list exports only the donors who opted in under the text that says so.
ALTER TABLE "party_thank_yous" DROP CONSTRAINT "party_thank_yous_pkey";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "shares_contact_with_host" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "party_thank_yous" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "party_thank_yous_party_idx" ON "party_thank_yous" USING btree ("party_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_host_contact_named" CHECK (not "donations"."shares_contact_with_host" or ("donations"."wants_party_news" and not "donations"."anonymous"));
