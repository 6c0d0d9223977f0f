// Writes `<file>.br` and `<file>.gz` next to each text asset of a production build; the server sends them as is
// (@fastify/static `preCompressed`), so browsers download ~30% of the bytes and the server spends no CPU compressing.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import webpack, { type Compiler } from 'webpack';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt)$/;
/** Below this, compression saves less than a network packet. */
const MIN_BYTES = 1024;

export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after minification and after html-webpack-plugin adds index.html
        {
          name: 'PrecompressPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
          additionalAssets: true,
        },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const source = asset.buffer();
            if (source.length < MIN_BYTES) continue;
            const br = brotliCompressSync(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            });
            const gz = gzipSync(source, { level: 9 });
            const info = { compressed: true, immutable: compilation.getAsset(name)?.info.immutable };
            if (br.length < source.length) compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(br), info);
            if (gz.length < source.length) compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(gz), info);
          }
        },
      );
    });
  }
}
