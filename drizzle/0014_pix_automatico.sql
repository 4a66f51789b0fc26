CREATE TABLE "pix_recurring_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pix_due_day" integer;--> statement-breakpoint
ALTER TABLE "pix_recurring_charges" ADD CONSTRAINT "pix_recurring_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pix_due_day_range" CHECK ("subscriptions"."pix_due_day" is null or "subscriptions"."pix_due_day" between 1 and 28);