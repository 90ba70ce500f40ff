// The child process that decodes and encodes uploads (forked by image-worker.ts, never imported).
// Every pixel buffer lives here: when this process exits, the system gets all its memory back,
// which glibc's allocator would not do for a long-lived server (see decision record 015).
import { AppError } from '../../lib/errors.ts';
import type { ImageJob, ImageJobAnswer } from './image-worker.ts';
import { inspectImage, planRenditions, renderImage } from './process-image.ts';

const send = process.send?.bind(process);
if (!send) throw new Error('image-worker-child.ts runs as a forked child process only');

async function run(job: ImageJob): Promise<ImageJobAnswer> {
  try {
    const inspected = await inspectImage(job.data);
    const renditions = await renderImage(job.data, planRenditions(job.purpose, inspected.width, inspected.height));
    return { id: job.id, ok: true, inspected, renditions, maxRss: process.resourceUsage().maxRSS * 1024 };
  } catch (error) {
    // The upload's fault (wrong type, damaged, too many pixels): its 4xx travels back as it is.
    if (error instanceof AppError && error.statusCode < 500) {
      return {
        id: job.id,
        ok: false,
        refused: { statusCode: error.statusCode, code: error.code, message: error.message },
      };
    }
    return { id: job.id, ok: false, failed: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (job: ImageJob) => {
  void run(job).then((answer) =>
    send(answer, undefined, undefined, () => {
      // The channel closed (the server stopped or died): the answer has no one to go to.
    }),
  );
});

// The server closes the channel when this process has been idle long enough, or when it stops
// (or dies): either way there is nothing left to do here.
process.on('disconnect', () => process.exit(0));
