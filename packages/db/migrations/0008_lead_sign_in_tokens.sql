ALTER TABLE "leads" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree ("email");--> statement-breakpoint
CREATE INDEX "leads_user_idx" ON "leads" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_tokenHash_unique" UNIQUE("token_hash");