// Benchmark: a 20,000-copy collection on a free account (PRODUCT.md budgets). The stand-in is seeded
// with a member who owns 20,000 copies; the background service syncs the library against it over
// HTTP, at background priority, under the free tier's 300 reads an hour. Each time the sync stops to
// wait for the hour to turn, the service worker is "stopped" (a new service over the same storage)
// and woken when the alarm would fire, the stand-in's clock moved to that time. Printed: hours
// taken, reads in each hour, restarts, 429s (budget: none), and that every copy arrived. A 60,000-copy
// collection is run too: it needs several hours, so the restarts are exercised.
import './lib/english';
import 'fake-indexeddb/auto';
import { startStandIn } from '../stand-in/index.ts';
import { backgroundFor } from '../tests/integration/harness';

const TOKEN = 'longbox-bench-collector';

async function main(): Promise<void> {
  for (const copies of [20_000, 60_000]) await run(copies);
}

async function run(COPIES: number): Promise<void> {
  const probe = await startStandIn({ port: 0 });
  const issueIds = [...probe.catalog().issues.keys()];
  await probe.stop();
  const collection = Array.from({ length: COPIES }, (_, i) => ({ issue: issueIds[i % issueIds.length] ?? 1, condition: 'NM' }));
  const si = await startStandIn({
    port: 0,
    data: { members: [{ username: 'collector', name: 'Big Collector', tier: 'free', tokens: [{ token: TOKEN }], collection }] },
  });
  const started = Date.now();
  const harness = await backgroundFor(si);
  await harness.service.signIn(si.url, TOKEN, 'personal');
  let outcome = await harness.service.runSync();
  const perHour: number[] = [];
  let counted = 0;
  let restarts = 0;
  let firstHour = 'none needed';
  while (outcome.kind === 'waiting' && restarts < 100) {
    const progress = await harness.service.sync.progress();
    const reads = si.requests().filter((r) => r.method === 'GET').length;
    perHour.push(reads - counted);
    counted = reads;
    if (restarts === 0) firstHour = `page ${progress.nextPage - 1} of ${progress.lastPage}, next page at ${new Date(outcome.until).toISOString()}`;
    const service = await harness.restart();
    restarts += 1;
    si.clock.set(outcome.until);
    outcome = (await service.onWake()) ?? { kind: 'stopped', problem: 'signed out' };
  }
  perHour.push(si.requests().filter((r) => r.method === 'GET').length - counted);
  const synced = await harness.service.library.copyCount();
  const rateLimited = si.requests().filter((r) => r.status === 429).length;
  console.log(`A ${COPIES.toLocaleString('en')}-copy collection on a free account (300 reads an hour)`);
  console.log(`  outcome                        ${outcome.kind}; ${synced} copies in the library`);
  console.log(`  hours (stand-in clock)         ${perHour.length}`);
  console.log(`  reads per hour                 ${perHour.join(', ')}`);
  console.log(`  progress after the first hour  ${firstHour}`);
  console.log(`  worker restarts survived       ${restarts}`);
  console.log(`  429 answers                    ${rateLimited}  (budget 0)`);
  console.log(`  wall time                      ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await si.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
