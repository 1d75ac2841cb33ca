// PostCSS: keeps in each of the public site's stylesheets (`files`: src/site/site.css and
// src/site/interactive.css, which both import src/site/variables.css) only the custom
// properties it uses, Mantine's theme variables included: the rules' var() references and, in
// turn, what the kept properties reference. Mantine's full table (every colour's ten shades,
// both schemes) would otherwise be most of the file, and every property on :root is work for
// the browser's style engine on every page.

const VAR = /var\(\s*(--[\w-]+)/g;

/** @type {import('postcss').PluginCreator<{ files: string[] }>} */
module.exports = ({ files }) => ({
  postcssPlugin: 'folio-prune-custom-properties',
  OnceExit(root) {
    const name = root.source?.input.file?.replaceAll('\\', '/') ?? '';
    if (!files.some((file) => name.endsWith(file))) return;
    const used = new Set();
    const add = (value) => {
      let added = false;
      for (const [, name] of value.matchAll(VAR)) if (!used.has(name)) used.add(name), (added = true);
      return added;
    };
    root.walkDecls((decl) => {
      if (!decl.prop.startsWith('--')) add(decl.value);
    });
    // The kept properties' own references, until nothing new turns up.
    for (let grew = true; grew; ) {
      grew = false;
      root.walkDecls((decl) => {
        if (decl.prop.startsWith('--') && used.has(decl.prop) && add(decl.value)) grew = true;
      });
    }
    root.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && !used.has(decl.prop)) decl.remove();
    });
    root.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
  },
});
module.exports.postcss = true;
