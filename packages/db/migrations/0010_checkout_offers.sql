CREATE TABLE "checkout_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" integer NOT NULL,
	"user_id" uuid,
	"lead_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkout_offers_checkout_user_key" UNIQUE("checkout_id","user_id"),
	CONSTRAINT "checkout_offers_checkout_lead_key" UNIQUE("checkout_id","lead_id"),
	CONSTRAINT "checkout_offers_one_person" CHECK (("checkout_offers"."user_id" is null) <> ("checkout_offers"."lead_id" is null))
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "offer_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "sales_page" text DEFAULT 'calm-in-five' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "recommendations" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "offer_hours" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_offers" ADD CONSTRAINT "checkout_offers_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_offers" ADD CONSTRAINT "checkout_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_offers" ADD CONSTRAINT "checkout_offers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_offers_user_idx" ON "checkout_offers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checkout_offers_lead_idx" ON "checkout_offers" USING btree ("lead_id");