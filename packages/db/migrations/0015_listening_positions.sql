CREATE TABLE "listening_positions" (
	"user_id" uuid NOT NULL,
	"item_id" integer NOT NULL,
	"position" double precision NOT NULL,
	"duration" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listening_positions_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "listening_positions" ADD CONSTRAINT "listening_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_positions" ADD CONSTRAINT "listening_positions_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listening_positions_user_updated_idx" ON "listening_positions" USING btree ("user_id","updated_at");