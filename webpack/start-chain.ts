// The shell's part of a signed-in start, read from the build's chunk graph: written as `start-chain.json` beside
// index.html, and put into the page by the server with the remotes' parts (server/src/routes/static/start-chain.ts).
import webpack, { type Chunk, type ChunkGroup, type Compilation, type Compiler, type Module } from 'webpack';

export const START_CHAIN_FILE = 'start-chain.json';

/** What `start-chain.json` holds: the shell's script files a signed-in page load runs, in the order to fetch them. */
export interface ShellStartChain {
  signedIn: string[];
}

export interface StartChainOptions {
  /** The entry whose page this is ('main'). */
  entry: string;
  /** Named chunk groups a signed-in start loads besides what the entry's code imports at once ('signed-in'). */
  signedInGroups: string[];
}

/** A Module Federation consume: when its chunk loads, the runtime loads its provider's chunks too (share scope). */
const CONSUME_SHARED = 'consume-shared-module';
/** A shared module this app provides; its block's chunks are what the share scope loads for it. */
const PROVIDE_SHARED = 'provide-module';

// The fields of @module-federation/enhanced 2.9's sharing modules read here (webpack is pinned with it).
type ConsumeModule = Module & { options: { shareKey: string; shareScope: string | string[] } };
type ProvideModule = Module & { _name: string; _shareScope: string | string[] };
const scopeKey = (scope: string | string[], key: string) => `${[scope].flat().join('|')}:${key}`;

/**
 * The entry's files; the chunks of the entry's own import()s (the app's start, the warm start) and of the named
 * signed-in groups; and, for every shared module those chunks consume, the chunks of the app's provider of it (else of
 * the consume's fallback), until nothing new is added: what webpack's runtime fetches before the signed-in shell can render (its lazy parts left out).
 */
export function signedInFiles(compilation: Compilation, { entry, signedInGroups }: StartChainOptions): string[] {
  const { chunkGraph } = compilation;
  const entrypoint = compilation.entrypoints.get(entry);
  if (!entrypoint) throw new Error(`StartChainPlugin: no entry "${entry}"`);
  const chunks = new Set<Chunk>();
  const pending: Chunk[] = [];
  const addGroup = (group: ChunkGroup | null | undefined) => {
    for (const chunk of group?.chunks ?? []) {
      if (chunks.has(chunk)) continue;
      chunks.add(chunk);
      pending.push(chunk);
    }
  };
  const blocksOf = (module: Module) => module.blocks.map((block) => chunkGraph.getBlockChunkGroup(block));
  // A consumed module comes from this app's own provider when it has one (the shell registers first, and
  // 'loaded-first' keeps it): the provider's chunks, not the consume's fallback copy in chunks of its own.
  const providers = new Map<string, Module>();
  for (const module of compilation.modules)
    if (module.type === PROVIDE_SHARED) {
      const provide = module as ProvideModule;
      providers.set(scopeKey(provide._shareScope, provide._name), module);
    }
  const sourceOf = (consume: ConsumeModule) =>
    providers.get(scopeKey(consume.options.shareScope, consume.options.shareKey)) ?? consume;

  addGroup(entrypoint);
  // The entry's own code (not Module Federation's runtime): its import()s run at once.
  const own = (module: Module) =>
    /[\\/]src[\\/]/.test(module.nameForCondition() ?? '') && !/node_modules/.test(module.nameForCondition() ?? '');
  for (const module of chunkGraph.getChunkEntryModulesIterable(entrypoint.getEntrypointChunk()))
    if (own(module)) blocksOf(module).forEach(addGroup);
  for (const name of signedInGroups) {
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`StartChainPlugin: no chunk group named "${name}"`);
    addGroup(group);
  }
  while (pending.length > 0) {
    const chunk = pending.shift() as Chunk;
    for (const module of chunkGraph.getChunkModulesIterable(chunk))
      if (module.type === CONSUME_SHARED) blocksOf(sourceOf(module as ConsumeModule)).forEach(addGroup);
  }
  const publicPath = String(compilation.outputOptions.publicPath ?? '/');
  return [...chunks]
    .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')))
    .map((file) => `${publicPath}${file}`);
}

/** Writes START_CHAIN_FILE once the chunk files have their final (content-hashed) names. */
export class StartChainPlugin {
  constructor(private readonly options: StartChainOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('StartChainPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartChainPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const chain: ShellStartChain = { signedIn: signedInFiles(compilation, this.options) };
          compilation.emitAsset(START_CHAIN_FILE, new webpack.sources.RawSource(JSON.stringify(chain)));
        },
      );
    });
  }
}
