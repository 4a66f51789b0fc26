CREATE TABLE "monthly_nudges" (
	"donation_id" uuid PRIMARY KEY NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"started_at" timestamp with time zone,
	"subscription_id" uuid,
	"converted_at" timestamp with time zone,
	CONSTRAINT "monthly_nudges_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
ALTER TABLE "monthly_nudges" ADD CONSTRAINT "monthly_nudges_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_nudges" ADD CONSTRAINT "monthly_nudges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_nudges" ADD CONSTRAINT "monthly_nudges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monthly_nudges_user_idx" ON "monthly_nudges" USING btree ("user_id","started_at" DESC NULLS LAST);