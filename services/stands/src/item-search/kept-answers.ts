/**
 * Answers of PostgreSQL the search asks again and again (a word's estimate, a text's tsquery), kept
 * in memory for `keptMs` so a repeated search spends no round trip on them. At most `max` are kept;
 * the oldest go first. Each instance of the service keeps its own: nothing here must be the same
 * across instances, only cheaper.
 */
export class KeptAnswers<T> {
  private readonly kept = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly keptMs: number,
    private readonly max: number,
  ) {}

  /** The kept answer for `key`, or a fresh one from `ask`, kept when `keep` says it may be. */
  async get(key: string, ask: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const found = this.kept.get(key);
    if (found && found.until > Date.now()) return found.value;
    const value = await ask();
    this.kept.delete(key);
    if (!keep(value)) return value;
    if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, { value, until: Date.now() + this.keptMs });
    return value;
  }
}
