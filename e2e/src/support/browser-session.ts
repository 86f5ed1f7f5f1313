// One implementation for tests, the demo seed and the benchmarks: see infra/launcher/src/http-session.mjs.
export { HttpSession, type Person } from '@flohmarkt/launcher/http-session';
