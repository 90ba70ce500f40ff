CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('queued', 'sent', 'stored', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "mail_messages_created_at_idx" ON "mail_messages" USING btree ("created_at" DESC NULLS LAST);