/**
 * Production: content-hashed, code-split chunks into dist/ (the map screen and MapLibre are a lazy
 * chunk). Development: a dev server on :3000 that proxies the API, socket and config to :8080.
 */
import path from 'node:path';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // Lazy chunks load relative to the script that asked for them, wherever it is hosted.
      publicPath: 'auto',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type checking is `npm run typecheck`; the build only strips types.
          use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { noEmit: false } } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        // MapLibre's worker is loaded by URL at run time (src/lib/map/maplibre.ts), not bundled.
        { test: /maplibre-gl-worker\.mjs$/, type: 'asset/resource' },
        { test: /\.(png|svg)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', publicPath: '/' }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      new CopyPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
    ],
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    performance: { hints: false },
    devServer: {
      port: 3000,
      historyApiFallback: true,
      proxy: [
        { context: ['/api', '/config.json'], target: apiTarget },
        { context: ['/socket.io'], target: apiTarget, ws: true },
      ],
    },
  };
};
