/**
 * The app is embedded into other pages: every CSS rule under src/ must apply only inside the app's
 * root (.flota-app), and animation names carry the flota- prefix. MapLibre's own stylesheet
 * (maplibregl- classes, from node_modules) is not ours and not checked.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = '.flota-app';

function cssFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** Splits on commas that are not inside parentheses (:is(a, b) stays whole). */
function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of list) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}

const isScoped = (selector: string) => selector === ROOT || (selector.startsWith(ROOT) && !/[\w-]/.test(selector[ROOT.length]));

/** The selectors and at-rule names in `css` that could reach outside the app's root. */
function unscopedRules(css: string): string[] {
  const problems: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  // What each open block is: a rule's declarations, a grouping at-rule (@media) or @keyframes.
  const blocks: ('rule' | 'group' | 'keyframes')[] = [];
  let prelude = '';
  for (const char of text) {
    if (char === '{') {
      const head = prelude.trim();
      prelude = '';
      if (blocks.at(-1) === 'keyframes' || blocks.at(-1) === 'rule') {
        blocks.push('rule'); // a keyframe step (from, 50%) or a nested block
      } else if (head.startsWith('@keyframes')) {
        const name = head.replace('@keyframes', '').trim();
        if (!name.startsWith('flota-')) problems.push(head);
        blocks.push('keyframes');
      } else if (/^@(media|supports|container|layer)\b/.test(head)) {
        blocks.push('group');
      } else if (head.startsWith('@')) {
        problems.push(head); // @font-face, @page, @import…: global by nature
        blocks.push('rule');
      } else {
        problems.push(...splitSelectorList(head).filter((selector) => !isScoped(selector)));
        blocks.push('rule');
      }
    } else if (char === '}') {
      blocks.pop();
      prelude = '';
    } else if (char === ';' && blocks.at(-1) !== 'rule') {
      const statement = prelude.trim();
      if (statement.startsWith('@')) problems.push(statement); // @import at the top level
      prelude = '';
    } else {
      prelude += char;
    }
  }
  return problems;
}

describe('CSS scope', () => {
  it('finds rules that would leak into the host page', () => {
    const hostile = `
      /* a comment { with braces } */
      * { box-sizing: content-box; margin: 0 }
      button, .flota-app .ok { text-transform: uppercase }
      .flota-application h1 { color: red }
      .flota-app :is(h1, h2), .flota-app { margin: 0 }
      @media (min-width: 800px) { body { margin: 0 } .flota-app p { margin: 0 } }
      @keyframes spin { from { opacity: 0 } to { opacity: 1 } }
      @keyframes flota-spin { 50% { opacity: 0 } }
      @font-face { font-family: X; src: url(x.woff2) }
      @import url('other.css');
    `;
    expect(unscopedRules(hostile)).toEqual(['*', 'button', '.flota-application h1', 'body', '@keyframes spin', '@font-face', "@import url('other.css')"]);
  });

  // The passenger's page (src/passenger/) is its own document, never embedded in an intranet: its
  // styles own the page, as the standalone index.html's do.
  const passengerPage = path.resolve(__dirname, '../passenger');
  const files = cssFiles(path.resolve(__dirname, '..')).filter((file) => !file.startsWith(passengerPage));

  it('checks every stylesheet of the app', () => {
    expect(files.map((file) => path.relative(path.resolve(__dirname, '..'), file))).toEqual(expect.arrayContaining(['app/theme.css', 'features/liveMap/liveMap.css']));
  });

  it.each(files.map((file) => [path.relative(path.resolve(__dirname, '../..'), file), file]))('%s: every rule is under .flota-app', (_name, file) => {
    expect(unscopedRules(fs.readFileSync(file, 'utf8'))).toEqual([]);
  });
});
