CREATE TABLE "content_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listening_days" (
	"user_id" uuid NOT NULL,
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"seconds" integer NOT NULL,
	"sessions" integer NOT NULL,
	"longest_seconds" integer NOT NULL,
	CONSTRAINT "listening_days_user_id_time_zone_day_pk" PRIMARY KEY("user_id","time_zone","day")
);
--> statement-breakpoint
CREATE TABLE "member_achievements" (
	"user_id" uuid NOT NULL,
	"machine_name" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_achievements_user_id_machine_name_pk" PRIMARY KEY("user_id","machine_name")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "content_shares" ADD CONSTRAINT "content_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_shares" ADD CONSTRAINT "content_shares_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_days" ADD CONSTRAINT "listening_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_achievements" ADD CONSTRAINT "member_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_shares_user_idx" ON "content_shares" USING btree ("user_id","created_at");