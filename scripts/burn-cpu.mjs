// Keeps every core busy, as a loaded CI machine would be, to prove the browser tests do not race:
//   node scripts/burn-cpu.mjs [seconds] [workers]        (default: until killed, one worker per core)
//   node scripts/burn-cpu.mjs --around -- <command...>   (burns while the command runs; exits with its code)
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker, isMainThread } from 'node:worker_threads';

if (!isMainThread) {
  // Spin: floating-point work the optimiser cannot drop.
  let x = 0;
  for (;;) for (let i = 0; i < 1e7; i++) x = Math.sqrt(x + i) * 1.0000001;
}

const args = process.argv.slice(2);
const around = args[0] === '--around';
const seconds = around ? null : Number(args[0] ?? 0) || null;
const count = around ? availableParallelism() : Number(args[1] ?? 0) || availableParallelism();
const workers = Array.from({ length: count }, () => new Worker(new URL(import.meta.url)));
console.error(`burn-cpu: ${count} busy worker${count === 1 ? '' : 's'}${seconds ? ` for ${seconds} s` : ''}`);

function stop(code) {
  for (const worker of workers) void worker.terminate();
  process.exit(code);
}

if (around) {
  const command = args.slice(args.indexOf('--') + 1);
  if (command.length === 0) {
    console.error('usage: node scripts/burn-cpu.mjs --around -- <command...>');
    stop(2);
  }
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
  child.on('exit', (code) => stop(code ?? 1));
} else if (seconds) {
  setTimeout(() => stop(0), seconds * 1000);
}
process.on('SIGINT', () => stop(130));
process.on('SIGTERM', () => stop(143));
