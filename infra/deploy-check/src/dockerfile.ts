// A small Dockerfile reader: enough to follow stages, their instructions and the npm commands in
// RUN lines. No Docker engine needed.

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  /** The image or stage after FROM, as written (may contain ${ARG}). */
  from: string;
  name?: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARG lines before the first FROM, with their defaults. */
  globalArgs: Map<string, string | undefined>;
  stages: Stage[];
}

export function parseDockerfile(text: string): Dockerfile {
  const logical: Instruction[] = [];
  let buffer = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    const trimmed = line.trim();
    // Comment lines are dropped, also inside a continued instruction (as Docker does).
    if (trimmed.startsWith('#') || (!buffer && trimmed === '')) return;
    if (!buffer) startLine = index + 1;
    if (trimmed.endsWith('\\')) {
      buffer += `${trimmed.slice(0, -1)} `;
      return;
    }
    buffer += trimmed;
    const match = /^(\S+)\s*(.*)$/s.exec(buffer.trim());
    if (match) logical.push({ keyword: match[1].toUpperCase(), args: match[2].trim(), line: startLine });
    buffer = '';
  });

  const globalArgs = new Map<string, string | undefined>();
  const stages: Stage[] = [];
  for (const instruction of logical) {
    if (instruction.keyword === 'FROM') {
      const m = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!m) throw new Error(`line ${instruction.line}: cannot read FROM ${instruction.args}`);
      stages.push({ from: m[1], name: m[2], instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === 'ARG') {
        const [name, value] = instruction.args.split('=', 2);
        globalArgs.set(name.trim(), value?.trim());
      }
    } else {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

export function stageByName(file: Dockerfile, name: string): Stage | undefined {
  return file.stages.find((s) => s.name === name);
}

/** FROM with the global ARG defaults filled in (how the builder reads it). */
function resolvedFrom(file: Dockerfile, stage: Stage, args: Record<string, string> = {}): string {
  return stage.from.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a?: string, b?: string) => {
    const key = (a ?? b) as string;
    return args[key] ?? file.globalArgs.get(key) ?? '';
  });
}

/** The stage and every stage it is built FROM, nearest first, ending at an image. */
export function ancestry(file: Dockerfile, stage: Stage): { stages: Stage[]; image: string } {
  const chain: Stage[] = [stage];
  let from = resolvedFrom(file, stage);
  for (let parent = stageByName(file, from); parent; parent = stageByName(file, from)) {
    if (chain.includes(parent)) throw new Error(`stage cycle at ${parent.name}`);
    chain.push(parent);
    from = resolvedFrom(file, parent);
  }
  return { stages: chain, image: from };
}

export function instructions(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((i) => i.keyword === keyword);
}

/** COPY --from=<stage> sources of a stage: [from, source, destination]. */
export function copiesFrom(stage: Stage): { from: string; source: string; destination: string }[] {
  return instructions(stage, 'COPY')
    .map((i) => /^--from=(\S+)\s+(\S+)\s+(\S+)$/.exec(i.args))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ from: m[1], source: m[2], destination: m[3] }));
}

export interface NpmCommand {
  /** The words of the command, e.g. ['npm', 'run', 'build', '-w', '@flohmarkt/auth']. */
  words: string[];
  tool: 'npm' | 'npx';
  subcommand: string;
  workspaces: string[];
  /** npm run: the script; npx nx run-many: the target. */
  script?: string;
  /** npx nx run-many -p: the projects. */
  projects: string[];
  flags: string[];
}

/** The npm / npx commands of a RUN line (split at && and ;). */
export function npmCommands(run: string): NpmCommand[] {
  return run
    .split(/&&|;|\|\|/)
    .map((part) => part.trim().split(/\s+/).filter(Boolean))
    .filter((words) => words[0] === 'npm' || words[0] === 'npx')
    .map((words) => {
      const tool = words[0] as 'npm' | 'npx';
      const workspaces: string[] = [];
      const projects: string[] = [];
      const flags: string[] = [];
      const positional: string[] = [];
      for (let i = 1; i < words.length; i++) {
        const w = words[i];
        if (w === '-w' || w === '--workspace') workspaces.push(words[++i]);
        else if (w.startsWith('--workspace=')) workspaces.push(w.slice('--workspace='.length));
        else if (w === '-p' || w === '--projects') projects.push(...words[++i].split(','));
        else if (w.startsWith('--projects=')) projects.push(...w.slice('--projects='.length).split(','));
        else if (w === '-t' || w === '--targets' || w === '--target') positional.push(`target:${words[++i]}`);
        else if (w.startsWith('-')) flags.push(w);
        else positional.push(w);
      }
      if (tool === 'npx') {
        // npx nx run-many -t build -p a,b
        const target = positional.find((p) => p.startsWith('target:'))?.slice('target:'.length);
        return { words, tool, subcommand: positional.filter((p) => !p.startsWith('target:')).join(' '), workspaces, script: target, projects, flags };
      }
      const subcommand = positional[0] ?? '';
      const script = subcommand === 'run' || subcommand === 'run-script' ? positional[1] : undefined;
      return { words, tool, subcommand, workspaces, script, projects, flags };
    });
}
