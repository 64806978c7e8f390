// `npm run bench:webhooks [N]`: the webhook outbox under fire. A local receiver drops the
// connection (reset), holds its answer past WEBHOOK_TIMEOUT_MS, or answers 500 for a good share
// of requests; N wait-list leads are sent to the real API (N = 200 by default), each one event.
// It ends when every event has been accepted once, and prints
//   events N delivered N lost 0 duplicated-by-id 0 attempts …
// (exit 1 when an event is lost or accepted twice, or past BENCH_TIME_LIMIT_S, 300 by default).
// BENCH_SEED repeats the dice. Not part of `npm test`.
import { createOperator, signInAs } from '../server/support/admin.ts';
import { postJson, startLocalApi, VALID } from '../server/support/api.ts';
import { startReceiver } from '../server/support/webhook-receiver.ts';
import { seeded } from './visitors.ts';

const N = Number(process.argv[2] ?? process.env.BENCH_EVENTS ?? 200);
const SEED = Number(process.env.BENCH_SEED ?? Date.now() % 100_000);
const TIME_LIMIT_S = Number(process.env.BENCH_TIME_LIMIT_S ?? 300);
const TIMEOUT_MS = 1000;
const random = seeded(SEED);
const faults = { reset: 0, held: 0, failed: 0, ok: 0 };

const receiver = await startReceiver();
receiver.answer = () => {
  const dice = random();
  if (dice < 0.2) return (faults.reset++, { reset: true });
  if (dice < 0.35) return (faults.held++, { holdMs: TIMEOUT_MS + 500 });
  if (dice < 0.55) return (faults.failed++, { status: 500, body: 'receiver failure' });
  return (faults.ok++, { status: 200, body: 'ok' });
};
const local = await startLocalApi({
  RATE_LIMIT: '0',
  MIN_FILL_MS: '0',
  WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8',
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  // The default schedule's shape (growing waits), in milliseconds instead of minutes and hours.
  WEBHOOK_RETRY_SCHEDULE: '100,200,400,800,1600,3200,3200,3200,3200,3200,3200,3200',
});
const started = performance.now();
let code = 1;
try {
  console.log(
    `bench:webhooks  seed ${SEED}, ${N} leads, receiver: 20 % reset, 15 % held past the ${TIMEOUT_MS} ms timeout, 20 % answered 500`,
  );
  await createOperator(local.api.db, 'bench@example.com', 'admin');
  const admin = await signInAs(local.base, 'bench@example.com');
  const created = await admin.call('/api/admin/webhooks', {
    method: 'POST',
    body: { url: receiver.url('/bench'), events: ['lead.created'] },
  });
  const { endpoint } = (await created.json()) as { endpoint: { secret: string } };
  receiver.secrets.set('/bench', endpoint.secret);
  for (let i = 0; i < N; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, N - i) }, (_, j) =>
        postJson(`${local.base}/api/wait-list`, { ...VALID['wait-list'], nombre: `Bench ${i + j}` }).then((r) => {
          if (r.status !== 201) throw new Error(`the API answered ${r.status} to lead ${i + j}`);
        }),
      ),
    );
  }
  const [{ events }] = (await local.api.db.query<{ events: number }>(
    "select count(*)::int as events from webhook_event where type = 'lead.created'",
  )) as [{ events: number }];
  while (new Set(receiver.accepted('/bench')).size < events && performance.now() - started < TIME_LIMIT_S * 1000) {
    await new Promise((tick) => setTimeout(tick, 200));
  }
  const accepted = receiver.accepted('/bench');
  const unique = new Set(accepted);
  const stored = new Set((await local.api.db.query<{ id: string }>('select id from webhook_event')).map((row) => row.id));
  const lost = [...stored].filter((id) => !unique.has(id)).length;
  const duplicated = accepted.length - unique.size;
  const unsigned = receiver.requests.filter((r) => !r.verified).length;
  const ids = new Map<string, number>();
  for (const r of receiver.requests) ids.set(String(r.headers['webhook-id']), (ids.get(String(r.headers['webhook-id'])) ?? 0) + 1);
  const most = Math.max(...ids.values());
  console.log(
    `receiver: ${receiver.requests.length} requests: ${faults.reset} reset, ${faults.held} held past the timeout, ${faults.failed} answered 500, ${faults.ok} answered 200; ${unsigned} with a bad signature`,
  );
  console.log(`at most ${most} attempts for one event; ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`events ${events} delivered ${unique.size} lost ${lost} duplicated-by-id ${duplicated} attempts ${receiver.requests.length}`);
  code = events === N && lost === 0 && duplicated === 0 && unsigned === 0 ? 0 : 1;
} finally {
  await local.close();
  await receiver.close();
}
process.exit(code);
