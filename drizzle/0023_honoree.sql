-- Issue 29, item 3 (decision 214): a gift "em homenagem" — the honoree's name, their e-mail only until the
-- e-card is queued, and the donor's two choices (the amount on the card, the homage on the party page).
ALTER TABLE "donations" ADD COLUMN "honoree_name" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "honoree_email" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "honoree_shows_amount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "honoree_on_party_page" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_honoree_named" CHECK ("donations"."honoree_name" is not null or ("donations"."honoree_email" is null and not "donations"."honoree_shows_amount" and not "donations"."honoree_on_party_page"));