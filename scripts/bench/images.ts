// `npm run bench images [-- --runs 5] [-- --burst 20] [-- --allocators]`: the upload pipeline on a
// 12-megapixel phone photo (4000 × 3000 JPEG with EXIF orientation 6 and GPS): inspection,
// renditions, storage on disk. Each purpose runs in a fresh process, so its memory peak is its own.
// Then a burst: `--burst` uploads at once in a fresh process, through the server's own path (the
// short-lived image process of image-worker.ts) and, for comparison, decoded in the process itself
// as before decision 015 (`--allocators` adds MALLOC_ARENA_MAX=2 and jemalloc rows): resident
// memory before, at the peak, when they end, 10 s later and once the image process has exited.
// Last, the start-up cost of the image process: the first upload after idle against the next.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// No static import of sharp or process-image.ts: the burst through the image process measures a
// main process that, like the server's, never loads libvips.
import { createLocalStorage } from '../../server/features/images/image-storage.ts';
import { ImageWorker } from '../../server/features/images/image-worker.ts';
import { sniffImageType } from '../../server/features/images/sniff-image-type.ts';
import { renditionKey } from '../../server/features/images/upload-image.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    burst: { type: 'string', default: '20' },
    settle: { type: 'string', default: '10' },
    worker: { type: 'string' },
    source: { type: 'string' },
    small: { type: 'string' },
    via: { type: 'string' },
    allocators: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs) || 5);
const burstSize = Math.max(0, Number(values.burst) || 0);
const settleSeconds = Math.max(0, Number(values.settle) || 10);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
const p95 = (list: number[]) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(list.length * 0.95) - 1)] ?? 0;

interface WorkerResult {
  purpose: string;
  total: number[];
  inspect: number[];
  render: number[];
  store: number[];
  idleRss: number;
  peakRss: number;
  outputs: { name: string; width: number; height: number; bytes: number }[];
}

/** One purpose, `runs` times, after a warm-up; prints its figures as one JSON line. */
async function worker(purpose: 'avatar' | 'post', source: string): Promise<void> {
  const { inspectImage, planRenditions, renderImage } = await import('../../server/features/images/process-image.ts');
  const photo = fs.readFileSync(source);
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-bench-'));
  const storage = createLocalStorage(storageRoot);
  const pipeline = async (id: string) => {
    const t0 = performance.now();
    const inspected = await inspectImage(photo);
    const t1 = performance.now();
    const renditions = await renderImage(photo, planRenditions(purpose, inspected.width, inspected.height));
    const t2 = performance.now();
    await Promise.all(
      renditions.map((item) => storage.put(renditionKey(id, item.name, item.format), item.data, 'image/webp')),
    );
    const t3 = performance.now();
    return { times: [t3 - t0, t1 - t0, t2 - t1, t3 - t2] as const, renditions };
  };
  const idleRss = process.memoryUsage.rss();
  let peakRss = idleRss;
  // sharp's memory is native: resident set size, sampled while the work runs off the event loop.
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5);
  await pipeline('warm-up'); // libvips' first-use costs do not count
  const result: WorkerResult = {
    purpose,
    total: [],
    inspect: [],
    render: [],
    store: [],
    idleRss,
    peakRss,
    outputs: [],
  };
  for (let run = 0; run < runs; run++) {
    const { times, renditions } = await pipeline(`run-${run}`);
    result.total.push(times[0]);
    result.inspect.push(times[1]);
    result.render.push(times[2]);
    result.store.push(times[3]);
    result.outputs = renditions.map(({ name, width, height, data }) => ({ name, width, height, bytes: data.length }));
  }
  clearInterval(sampler);
  result.peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
  fs.rmSync(storageRoot, { recursive: true, force: true });
  console.log(JSON.stringify(result));
}

interface BurstResult {
  startRss: number;
  idleRss: number;
  peakRss: number;
  endRss: number;
  settledRss: number;
  /** Through the image process: once it has exited. */
  childGoneRss?: number;
  afterGcRss: number;
  seconds: number;
  /** Through the image process: its own peak, as it reported it (getrusage's maxRSS). */
  childPeakRss?: number;
  /** Through the image process: the first upload after idle (a new process) against the next ones. */
  startup?: { smallCold: number; smallWarm: number; photoCold: number; photoWarm: number };
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const rss = () => process.memoryUsage.rss();

/**
 * `burstSize` post uploads at once (each its own copy of the photo, as separate requests would
 * have), after one warm-up upload; resident memory sampled throughout, then `settleSeconds`
 * of idling, then (through the image process) until that process has exited, then once more
 * after a forced garbage collection (what V8 still held). `via`: 'child' as the server does it
 * (magic bytes here, everything else in the image process), 'in-process' as before.
 */
async function burstWorker(source: string, small: string, via: 'child' | 'in-process'): Promise<void> {
  const startRss = rss();
  // An idle image process keeps nothing alive (in the server, its HTTP server does): waiting for it here needs a timer.
  const keepAlive = setInterval(() => undefined, 1000);
  const photo = fs.readFileSync(source);
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-bench-burst-'));
  const storage = createLocalStorage(storageRoot);
  const store = (id: string, renditions: { name: string; format: string; data: Buffer }[]) =>
    Promise.all(
      renditions.map((item) => storage.put(renditionKey(id, item.name, item.format), item.data, 'image/webp')),
    );

  let upload: (data: Buffer, id: string) => Promise<void>;
  const imageWorker = via === 'child' ? new ImageWorker() : undefined;
  const childPeaks = new Map<number, number>();
  imageWorker?.on('exit', (pid, details) => childPeaks.set(pid, details.maxRss));
  const exitOf = (pid: number) =>
    new Promise<void>((resolve) => imageWorker?.on('exit', (exited) => exited === pid && resolve()));
  if (imageWorker) {
    upload = async (data, id) => {
      if (!sniffImageType(data)) throw new Error('not an image');
      await store(id, (await imageWorker.process(data, 'post')).renditions);
    };
  } else {
    const { inspectImage, planRenditions, renderImage } = await import('../../server/features/images/process-image.ts');
    upload = async (data, id) => {
      const inspected = await inspectImage(data);
      await store(id, await renderImage(data, planRenditions('post', inspected.width, inspected.height)));
    };
  }

  await upload(Buffer.from(photo), 'warm-up');
  await sleep(1000);
  const idleRss = rss();
  let peakRss = idleRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rss())), 5);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: burstSize }, (_, index) => upload(Buffer.from(photo), `burst-${index}`)));
  const seconds = (performance.now() - t0) / 1000;
  const endRss = rss();
  const burstPid = imageWorker?.pid;
  const childGone = burstPid ? exitOf(burstPid) : undefined;
  await sleep(settleSeconds * 1000);
  clearInterval(sampler);
  const settledRss = rss();
  let childGoneRss: number | undefined;
  if (childGone) {
    await childGone;
    await sleep(200);
    childGoneRss = rss();
  }
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(500);
  const afterGcRss = rss();

  let startup: BurstResult['startup'];
  if (imageWorker) {
    // Each pair: the first upload starts a new image process (none is running), the next finds it.
    const timed = async (data: Buffer, id: string) => {
      const t = performance.now();
      await upload(Buffer.from(data), id);
      return performance.now() - t;
    };
    const untilIdle = async () => {
      const pid = imageWorker.pid;
      if (pid) await exitOf(pid);
    };
    const smallPhoto = fs.readFileSync(small);
    await untilIdle();
    const smallCold = await timed(smallPhoto, 'small-cold');
    const smallWarm = mean([
      await timed(smallPhoto, 'small-warm-1'),
      await timed(smallPhoto, 'small-warm-2'),
      await timed(smallPhoto, 'small-warm-3'),
    ]);
    await untilIdle();
    const photoCold = await timed(photo, 'photo-cold');
    const photoWarm = await timed(photo, 'photo-warm');
    startup = { smallCold, smallWarm, photoCold, photoWarm };
    await imageWorker.close();
  }
  clearInterval(keepAlive);
  fs.rmSync(storageRoot, { recursive: true, force: true });
  const childPeakRss = burstPid ? childPeaks.get(burstPid) : undefined;
  const result: BurstResult = {
    startRss,
    idleRss,
    peakRss,
    endRss,
    settledRss,
    ...(childGoneRss === undefined ? {} : { childGoneRss }),
    afterGcRss,
    seconds,
    ...(childPeakRss === undefined ? {} : { childPeakRss }),
    ...(startup ? { startup } : {}),
  };
  console.log(JSON.stringify(result));
}

async function main(): Promise<void> {
  const { default: sharp } = await import('sharp');
  const { WEBP_QUALITY } = await import('../../server/features/images/process-image.ts');
  const { photoLikeJpeg } = await import('../../server/features/images/sample-images.ts');
  console.log(
    `Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ` +
      `${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}, sharp concurrency ${sharp.concurrency()}, ` +
      `UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}, ${runs} runs after a warm-up\n`,
  );
  const source = path.join(os.tmpdir(), 'townhall-bench-12mp.jpg');
  const photo = await photoLikeJpeg({ width: 4000, height: 3000, orientation: 6, withGps: true });
  fs.writeFileSync(source, photo);
  const small = path.join(os.tmpdir(), 'townhall-bench-1mp.jpg');
  fs.writeFileSync(small, await photoLikeJpeg({ width: 1200, height: 900 }));
  console.log(
    `Source: 4000 × 3000 JPEG (q88, noise over a gradient; EXIF orientation 6 so 3000 × 4000 upright; GPS), ${(photo.length / 1024 / 1024).toFixed(1)} MB\n`,
  );

  const rows: Record<string, string>[] = [];
  for (const purpose of ['avatar', 'post'] as const) {
    const output = execFileSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--worker', purpose, '--source', source, '--runs', String(runs)],
      { encoding: 'utf8', maxBuffer: 1024 * 1024 },
    );
    const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as WorkerResult;
    console.log(
      `${purpose}: ${result.outputs.map((item) => `${item.name} ${item.width}×${item.height} ${kb(item.bytes)}`).join(', ')}`,
    );
    rows.push({
      purpose,
      renditions: String(result.outputs.length),
      'total mean': ms(mean(result.total)),
      'total p95': ms(p95(result.total)),
      'total min': ms(Math.min(...result.total)),
      inspect: ms(mean(result.inspect)),
      'resize+encode': ms(mean(result.render)),
      'write to disk': ms(mean(result.store)),
      'RSS idle': mb(result.idleRss),
      'RSS peak': mb(result.peakRss),
      'bytes out': kb(result.outputs.reduce((sum, item) => sum + item.bytes, 0)),
    });
  }
  console.log(`\nUpload pipeline, 12-megapixel JPEG → WebP q${WEBP_QUALITY} (mean and p95 of ${runs} runs)`);
  console.table(rows);

  // Would AVIF pay? The same renditions encoded as AVIF beside WebP: bytes saved against time spent.
  const upright = await sharp(photo).rotate().toBuffer();
  const avifRows: Record<string, string>[] = [];
  for (const width of [640, 1080, 1920]) {
    const resized = sharp(upright).resize(width);
    const t0 = performance.now();
    const webp = await resized.clone().webp({ quality: WEBP_QUALITY }).toBuffer();
    const t1 = performance.now();
    const avif = await resized.clone().avif({ quality: 50, effort: 4 }).toBuffer();
    const t2 = performance.now();
    avifRows.push({
      width: `w${width}`,
      [`WebP q${WEBP_QUALITY}`]: `${kb(webp.length)} in ${ms(t1 - t0)}`,
      'AVIF q50 effort 4': `${kb(avif.length)} in ${ms(t2 - t1)}`,
      'AVIF bytes': `${((avif.length / webp.length) * 100).toFixed(0)}% of WebP`,
      'AVIF time': `${((t2 - t1) / (t1 - t0)).toFixed(1)}× WebP`,
    });
  }
  console.log('\nAVIF beside WebP (same resize, one run each)');
  console.table(avifRows);

  if (burstSize > 0) {
    const burstRows: Record<string, string>[] = [];
    let startup: BurstResult['startup'];
    // The allocator decides whether freed pixel memory goes back to the system when the server
    // decodes itself: glibc keeps it in per-thread arenas; fewer arenas or jemalloc (where
    // installed) return more of it. Through the image process, its exit returns everything.
    const jemalloc = ['/usr/lib/x86_64-linux-gnu/libjemalloc.so.2', '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2'].find(
      (file) => fs.existsSync(file),
    );
    type Variant = [string, 'child' | 'in-process', NodeJS.ProcessEnv];
    const variants: Variant[] = [
      ['image process (the server), glibc', 'child', {}],
      ['in-process (before 015), glibc', 'in-process', {}],
    ];
    if (values.allocators) {
      variants.push(['in-process, MALLOC_ARENA_MAX=2', 'in-process', { MALLOC_ARENA_MAX: '2' }]);
      if (jemalloc) variants.push(['in-process, jemalloc (LD_PRELOAD)', 'in-process', { LD_PRELOAD: jemalloc }]);
    }
    for (const [name, via, env] of variants) {
      const output = execFileSync(
        process.execPath,
        [
          '--expose-gc',
          fileURLToPath(import.meta.url),
          '--worker',
          'burst',
          '--via',
          via,
          '--source',
          source,
          '--small',
          small,
          '--burst',
          String(burstSize),
          '--settle',
          String(settleSeconds),
        ],
        { encoding: 'utf8', maxBuffer: 1024 * 1024, env: { ...process.env, ...env } },
      );
      const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as BurstResult;
      startup ??= result.startup;
      burstRows.push({
        decoded: name,
        'all done in': `${result.seconds.toFixed(1)} s`,
        'RSS at start': mb(result.startRss),
        'idle (after 1 upload)': mb(result.idleRss),
        peak: mb(result.peakRss),
        'at the end': mb(result.endRss),
        [`${settleSeconds} s after`]: mb(result.settledRss),
        'image process exited': result.childGoneRss === undefined ? '–' : mb(result.childGoneRss),
        'after a forced GC': mb(result.afterGcRss),
        'image process peak': result.childPeakRss === undefined ? '–' : mb(result.childPeakRss),
      });
    }
    console.log(
      `\nBurst: ${burstSize} post uploads of the 12-megapixel photo at once (fresh process each row; RSS of that process)`,
    );
    console.table(burstRows);
    if (startup) {
      console.log('\nStart-up of the image process: the first upload after idle starts one, the next finds it running');
      console.table([
        {
          upload: '1200 × 900 JPEG, post',
          'first after idle': ms(startup.smallCold),
          next: `${ms(startup.smallWarm)} (mean of 3)`,
          'start-up cost': ms(startup.smallCold - startup.smallWarm),
        },
        {
          upload: '12-megapixel JPEG, post',
          'first after idle': ms(startup.photoCold),
          next: ms(startup.photoWarm),
          'start-up cost': ms(startup.photoCold - startup.photoWarm),
        },
      ]);
    }
  }
  fs.rmSync(small, { force: true });
  fs.rmSync(source, { force: true });
}

if (values.worker === 'avatar' || values.worker === 'post') await worker(values.worker, values.source ?? '');
else if (values.worker === 'burst') {
  await burstWorker(values.source ?? '', values.small ?? '', values.via === 'in-process' ? 'in-process' : 'child');
} else await main();
