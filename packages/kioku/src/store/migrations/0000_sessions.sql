CREATE TABLE "kioku_session_messages" (
	"session_id" text NOT NULL,
	"position" integer NOT NULL,
	"message" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kioku_session_messages_session_id_position_pk" PRIMARY KEY("session_id","position"),
	CONSTRAINT "kioku_session_messages_position_check" CHECK ("kioku_session_messages"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "kioku_session_views" (
	"session_id" text NOT NULL,
	"version" integer NOT NULL,
	"replaced_from" integer NOT NULL,
	"replaced_to" integer NOT NULL,
	"summary" json NOT NULL,
	"strategy" text NOT NULL,
	"tokens_before" integer NOT NULL,
	"tokens_after" integer NOT NULL,
	"message_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kioku_session_views_session_id_version_pk" PRIMARY KEY("session_id","version"),
	CONSTRAINT "kioku_session_views_range_check" CHECK (0 <= "kioku_session_views"."replaced_from" and "kioku_session_views"."replaced_from" < "kioku_session_views"."replaced_to" and "kioku_session_views"."replaced_to" <= "kioku_session_views"."message_count")
);
--> statement-breakpoint
CREATE TABLE "kioku_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text,
	"metadata" json NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kioku_session_messages" ADD CONSTRAINT "kioku_session_messages_session_id_kioku_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."kioku_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kioku_session_views" ADD CONSTRAINT "kioku_session_views_session_id_kioku_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."kioku_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kioku_sessions_updated_at_idx" ON "kioku_sessions" USING btree ("updated_at");