/**
 * Two builds from one source (`npm run build` makes both):
 * - app: the standalone page, dist/index.html + content-hashed, code-split dist/assets/ (the map
 *   screen and MapLibre are a lazy chunk), CSS in files. Development: a dev server on :3000 that
 *   proxies the API, socket and config to :8080.
 * - embed: dist/embed/flota.js under a fixed name (intranets link to it), an ES module whose lazy
 *   chunks load with import() relative to the script wherever it is hosted (no JSONP array: the
 *   only global is `Flota`), CSS carried in the JavaScript and rendered inside each mount.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import type { Configuration, RuleSetRule, WebpackPluginInstance } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { buildMapAssets } from './webpack/mapAssets';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
const dist = path.resolve(__dirname, 'dist');

type Argv = { mode?: Configuration['mode'] };

/** The vector base map's glyphs and sprite (webpack/mapAssets), copied to map/ by both builds. */
function mapAssetsCopy(): WebpackPluginInstance {
  const root = buildMapAssets(path.resolve(__dirname, '.map-assets'));
  return new CopyPlugin({ patterns: [{ from: path.join(root, 'map'), to: 'map' }] });
}

/** Everything but CSS: TypeScript, MapLibre's worker and images. */
function scriptAndAssetRules(): RuleSetRule[] {
  return [
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      // Type checking is `npm run typecheck`; the build only strips types.
      use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { noEmit: false } } },
    },
    // MapLibre's worker is loaded by URL at run time (src/lib/map/maplibre.ts), not bundled.
    { test: /maplibre-gl-worker\.mjs$/, type: 'asset/resource' },
    { test: /\.(png|svg)$/, type: 'asset/resource' },
  ];
}

/**
 * Production builds write main.js.br and main.js.gz beside main.js (brotli at its best level, done
 * once here, not per request); the server sends them with Content-Encoding (server/spa.ts).
 */
function precompressed(production: boolean): WebpackPluginInstance[] {
  if (!production) return [];
  const test = /\.(js|mjs|css|html|svg|json|txt)$/;
  return [
    new CompressionPlugin({ test, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
    new CompressionPlugin<zlib.BrotliOptions>({
      test,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

function shared(production: boolean): Configuration {
  return {
    mode: production ? 'production' : 'development',
    // SWC minifies instead of webpack's default (terser): the build takes a third of the time (two
    // alternated builds at load 20-29: 233-300 s against 768-869 s) for a 0.4 % smaller main.js.gz.
    optimization: { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 } } })] },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    performance: { hints: false },
    // MapLibre resolves its worker with `new URL(x, import.meta.url)`; we set the worker URL
    // ourselves (src/lib/map/maplibre.ts), so webpack's "Critical dependency" notice is noise.
    ignoreWarnings: [{ module: /maplibre-gl/, message: /Critical dependency/ }],
  };
}

function appConfig(production: boolean): Configuration & { devServer?: DevServerConfiguration } {
  const hashed = (ext: string) => (production ? `assets/[name].[contenthash:10].${ext}` : `assets/[name].${ext}`);
  return {
    ...shared(production),
    name: 'app',
    // The passenger's page (/seguimiento/:token) is an entry of its own: none of the app's React,
    // Redux or MapLibre, only Leaflet and a few functions (issue 36: ≤ 120 KB compressed).
    entry: { main: './src/main.tsx', passenger: './src/passenger/main.ts', request: './src/passenger/requestMain.ts' },
    output: {
      path: dist,
      filename: hashed('js'),
      chunkFilename: hashed('js'),
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // Lazy chunks load relative to the script that asked for them, wherever it is hosted.
      publicPath: 'auto',
      // dist/embed/ is the other build's.
      clean: { keep: /^embed[\\/]/ },
    },
    module: { rules: [...scriptAndAssetRules(), { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] }] },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', publicPath: '/', chunks: ['main'] }),
      new HtmlWebpackPlugin({ template: 'public/seguimiento.html', filename: 'seguimiento.html', publicPath: '/', chunks: ['passenger'] }),
      // "Pedir un taxi" (/pedir/:fleetCode): the same kind of small entry, its map a lazy chunk.
      new HtmlWebpackPlugin({ template: 'public/pedir.html', filename: 'pedir.html', publicPath: '/', chunks: ['request'] }),
      new MiniCssExtractPlugin({ filename: hashed('css'), chunkFilename: hashed('css') }),
      // Also public/embed-demo/index.html, the hostile intranet page the server shows at /embed-demo.
      new CopyPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/public/index.html', '**/public/seguimiento.html', '**/public/pedir.html'] } }] }),
      mapAssetsCopy(),
      ...precompressed(production),
    ],
    devServer: {
      port: 3000,
      historyApiFallback: { rewrites: [{ from: /^\/seguimiento\//, to: '/seguimiento.html' }, { from: /^\/pedir\//, to: '/pedir.html' }] },
      proxy: [
        { context: ['/api', '/config.json'], target: apiTarget },
        { context: ['/socket.io'], target: apiTarget, ws: true },
      ],
    },
  };
}

function embedConfig(production: boolean): Configuration {
  return {
    ...shared(production),
    name: 'embed',
    entry: { flota: './src/embed.ts' },
    // An ES module: chunks come in with import(), so webpack needs no global chunk array.
    experiments: { outputModule: true },
    output: {
      path: path.join(dist, 'embed'),
      filename: 'flota.js',
      chunkFilename: production ? 'chunks/[name].[contenthash:10].js' : 'chunks/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // Resolved from import.meta.url: the folder flota.js was loaded from.
      publicPath: 'auto',
      module: true,
      chunkFormat: 'module',
      chunkLoading: 'import',
      uniqueName: 'flota-embed',
      clean: true,
    },
    module: {
      rules: [...scriptAndAssetRules(), { test: /\.css$/, use: [path.resolve(__dirname, 'webpack/registerStyleLoader.cjs'), { loader: 'css-loader', options: { exportType: 'string' } }] }],
    },
    plugins: [mapAssetsCopy(), ...precompressed(production)],
  };
}

export default (_env: unknown, argv: Argv): Configuration[] => {
  const production = argv.mode !== 'development';
  return [appConfig(production), embedConfig(production)];
};
