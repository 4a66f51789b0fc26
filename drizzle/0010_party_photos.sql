ALTER TABLE "parties" ADD COLUMN "cover_photo_key" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "photo_key" text;