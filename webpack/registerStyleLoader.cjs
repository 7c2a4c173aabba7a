/**
 * Embed build only: `import './x.css'` registers the CSS text with src/lib/styleRegistry.ts, and
 * each mounted app renders it in its own container (no <link> or <style> left in the host's
 * <head>). A pitching loader, like style-loader: css-loader (exportType 'string') runs after it.
 */
const path = require('node:path');

const registry = path.resolve(__dirname, '../src/lib/styleRegistry.ts');

module.exports = function registerStyleLoader() {};

module.exports.pitch = function pitch(remainingRequest) {
  const css = JSON.stringify(this.utils.contextify(this.context, `!!${remainingRequest}`));
  const register = JSON.stringify(this.utils.contextify(this.context, registry));
  return `import css from ${css};\nimport { registerStyle } from ${register};\nregisterStyle(css);\n`;
};
