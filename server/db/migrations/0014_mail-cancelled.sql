ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_status_check";--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "about_type" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "about_id" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('queued', 'sent', 'stored', 'failed', 'cancelled'));