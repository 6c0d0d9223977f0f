import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import webpack, { type Compiler } from 'webpack';

/**
 * Emits the shell's service worker (`sw.js`) and its installable web-app files next to the shell's build.
 * The worker is one classic script at the site's root, without the Module Federation runtime webpack would add
 * to any entry of the shell; esbuild bundles it (a few KB) inside the same build.
 */
export class ServiceWorkerPlugin {
  constructor(
    private readonly options: {
      /** The worker's source (TypeScript). */
      entry: string;
      /** Files copied as they are to the build's root, e.g. the web-app manifest and its icons. */
      publicFiles: { from: string; to: string }[];
      minify: boolean;
    },
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ServiceWorkerPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ServiceWorkerPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const result = buildSync({
            entryPoints: [this.options.entry],
            bundle: true,
            format: 'iife',
            target: 'es2020',
            minify: this.options.minify,
            write: false,
            metafile: true,
          });
          compilation.emitAsset('sw.js', new webpack.sources.RawSource(result.outputFiles[0].text));
          // rebuild in watch mode when the worker's sources change
          for (const input of Object.keys(result.metafile.inputs))
            compilation.fileDependencies.add(path.resolve(input));
          for (const file of this.options.publicFiles) {
            compilation.emitAsset(file.to, new webpack.sources.RawSource(fs.readFileSync(file.from)));
            compilation.fileDependencies.add(file.from);
          }
        },
      );
    });
  }
}
