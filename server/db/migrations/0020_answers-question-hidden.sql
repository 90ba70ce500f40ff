-- An answer carries whether its question is hidden, so the feed and the subscriptions' new-answer
-- counts choose visible answers from answers_group_visible_idx alone instead of looking up each
-- answer's question. Triggers keep it, whatever writes: an answer takes its question's value
-- when it is written (or moved to another question), and a question's answer follows its
-- is_hidden when that changes. Question writes lock the question first (lock-question.ts), so an
-- answer and a change of its question's visibility never pass each other.
ALTER TABLE "answers" ADD COLUMN "question_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "answers" SET "question_hidden" = true
  FROM "questions" WHERE "questions"."id" = "answers"."question_id" AND "questions"."is_hidden";--> statement-breakpoint
CREATE FUNCTION "answers_take_question_hidden"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.question_hidden := coalesce((SELECT is_hidden FROM questions WHERE id = NEW.question_id), false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "answers_question_hidden" BEFORE INSERT OR UPDATE OF "question_id", "question_hidden" ON "answers"
  FOR EACH ROW EXECUTE FUNCTION answers_take_question_hidden();--> statement-breakpoint
CREATE FUNCTION "questions_pass_hidden_to_answer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE answers SET question_hidden = NEW.is_hidden
    WHERE question_id = NEW.id AND question_hidden IS DISTINCT FROM NEW.is_hidden;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "questions_hidden_to_answer" AFTER UPDATE OF "is_hidden" ON "questions"
  FOR EACH ROW WHEN (OLD.is_hidden IS DISTINCT FROM NEW.is_hidden)
  EXECUTE FUNCTION questions_pass_hidden_to_answer();--> statement-breakpoint
CREATE INDEX "answers_group_visible_idx" ON "answers" USING btree ("group_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "answers"."question_hidden";
