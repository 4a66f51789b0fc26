ALTER TABLE "campaigns" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_hidden_reason" CHECK (("campaigns"."hidden_at" IS NULL) = ("campaigns"."hidden_reason" IS NULL));