import { sql } from 'drizzle-orm';
import { CAP_REACHED_CODE, FAIR_QUEUE_MESSAGES } from '#shared/constants/fair-queue.ts';
import type { Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The fair queue's cap: 409 when the asker already has `cap` open questions in the group. A
 * question counts while it waits for an answer in the queue: open or pending (awaiting approval),
 * not hidden (the host took it out of the queue) and not merged into another (its votes went
 * there); answered, hidden, merged and deleted ones do not, and one carried to the answer-later
 * list still does (it is still open). Counted on the ask's transaction after the group row's lock
 * (askQuestion), so the count sees every ask of the group committed before it; at most `cap`
 * rows are read (questions_author_idx).
 */
export async function checkOpenQuestionCap(
  tx: Transaction,
  options: { groupId: string; askerId: string; cap: number },
): Promise<void> {
  const result = await tx.execute<{ open: number }>(sql`
    select count(*)::int as "open" from (
      select 1 from "questions"
      where "author_id" = ${options.askerId} and "group_id" = ${options.groupId}
        and "status" in ('open', 'pending') and not "is_hidden" and "merged_into_id" is null
      limit ${options.cap}
    ) as "counted"`);
  const open = result.rows[0]?.open ?? 0;
  if (open >= options.cap) {
    throw new AppError(409, CAP_REACHED_CODE, FAIR_QUEUE_MESSAGES.capReached(options.cap));
  }
}
