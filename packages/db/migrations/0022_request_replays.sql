CREATE TABLE "request_replays" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"fingerprint" text NOT NULL,
	"status" integer NOT NULL,
	"sealed_answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_replays" ADD CONSTRAINT "request_replays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_replays_created_idx" ON "request_replays" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "request_replays_user_idx" ON "request_replays" USING btree ("user_id");