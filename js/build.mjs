// Build the HexBoard front end: js/src → hexplay/static (ESM, minified). `npm run build`.
import * as esbuild from "esbuild";

const options = {
  entryPoints: [
    { in: "src/board.js", out: "board" },
    { in: "src/board.css", out: "board" },
  ],
  outdir: "../hexplay/static",
  bundle: true,
  format: "esm",
  minify: true,
  target: ["es2020"],
  logLevel: "info",
  legalComments: "none",
  // milsymbol's ES module entry (its package "exports" offer only the everything-bundle):
  // board.js imports the core and the few symbol sets hexplay's games use
  alias: { "milsymbol-sets": "./node_modules/milsymbol/index.mjs" },
};

if (process.argv.includes("--watch")) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
} else {
  await esbuild.build(options);
}
