ALTER TABLE "donations" ADD COLUMN "receipt_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "receipt_number" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "receipt_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_receipt_code_unique" UNIQUE("receipt_code");--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_receipt_code_unique" UNIQUE("receipt_code");