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
};

if (process.argv.includes("--watch")) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
} else {
  await esbuild.build(options);
}
