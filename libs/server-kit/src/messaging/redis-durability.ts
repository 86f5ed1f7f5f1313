import type { Redis } from 'ioredis';

/**
 * Queues and sessions live in Redis, so it must keep its data (append-only file) and never evict
 * keys. Answers the problems found, for a warning at start; an unreachable Redis or a CONFIG
 * command the server forbids (managed Redis) answers no problems, since nothing can be checked.
 */
export async function redisDurabilityProblems(connection: Redis): Promise<string[]> {
  try {
    const [, appendonly] = (await connection.config('GET', 'appendonly')) as string[];
    const [, policy] = (await connection.config('GET', 'maxmemory-policy')) as string[];
    const problems: string[] = [];
    if (appendonly !== 'yes')
      problems.push(`appendonly is '${appendonly}': queued jobs are lost when Redis restarts (set appendonly yes, appendfsync everysec)`);
    if (policy !== 'noeviction')
      problems.push(`maxmemory-policy is '${policy}': Redis may evict queued jobs and sessions under memory pressure (set noeviction)`);
    return problems;
  } catch {
    return [];
  }
}
