CREATE TABLE "pix_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"donation_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"copy_paste" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"txid" text NOT NULL,
	"donation_id" uuid,
	"amount_cents" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"flag_reason" text,
	"flagged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_payments_e2e_unique" UNIQUE("end_to_end_id","txid","amount_cents")
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_payments" ADD CONSTRAINT "pix_payments_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_charges_donation_idx" ON "pix_charges" USING btree ("donation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pix_payments_flagged_idx" ON "pix_payments" USING btree ("flagged_at" DESC NULLS LAST) WHERE "pix_payments"."flag_reason" is not null;