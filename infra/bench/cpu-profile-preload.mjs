/**
 * Loaded into a process under measurement (`--import` in its NODE_OPTIONS, `bench:api --profile`):
 * each SIGWINCH toggles V8's sampling profiler, and the stop writes a `.cpuprofile` into
 * CPU_PROFILE_DIR. A signal rather than `--cpu-prof`: that one writes only on a normal exit, and the
 * apps end by their signal handlers; a toggle profiles exactly the seconds wrk runs, not start-up.
 * Not SIGUSR2: Nest's shutdown hooks take that one and stop the gateway.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 250 µs: fine enough for requests of a few hundred µs, coarse enough not to be the cost itself.
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  let running = false;
  let taken = 0;
  process.on('SIGWINCH', () => {
    running = !running;
    if (running) return void session.post('Profiler.start');
    void session.post('Profiler.stop').then(({ profile }) => {
      writeFileSync(path.join(dir, `${process.pid}-${++taken}.cpuprofile`), JSON.stringify(profile));
    });
  });
}
