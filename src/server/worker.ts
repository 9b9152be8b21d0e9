/**
 * `npm run worker`: the background work (composing and sending the outbox, lapsing expired offers,
 * queuing reminders) in a process apart from the web server, for deployments that run the web
 * servers with BACKGROUND_WORK=off. Same environment as the app (SUPABASE_URL,
 * SUPABASE_SERVICE_ROLE_KEY, SMTP_URL, MAIL_FROM, SITE_URL…). Several workers may run at once. Stops on
 * SIGTERM or SIGINT.
 */
import { startWorker } from '../lib/jobs/background.server.ts';

let stopWork: () => void;
try {
  stopWork = await startWorker(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// The job timers do not keep a process alive on their own; this one does until a signal comes.
const alive = setInterval(() => undefined, 60 * 60_000);
const stop = () => {
  stopWork();
  clearInterval(alive);
  console.info('worker: stopped');
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
console.info('worker: composing and sending mail, lapsing offers and queuing reminders');
