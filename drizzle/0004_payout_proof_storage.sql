ALTER TABLE "payouts" ADD COLUMN "proof_key" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "proof_content_type" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "proof_size" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "proof_original_name" text;