// Builds the widget's bundle (illumi_widgets/widget/static/widget.js) with esbuild, and records on its first
// line the sha256 of the sources it was built from:
//
//   // illumi_widgets bundle: sources sha256 <64 hex digits>
//
// js/hatch_build.py computes the same hash in Python and rebuilds only when the two differ (never from file
// times, which a fresh clone sets arbitrarily). The hash covers SOURCES: every file under js/src, the icon
// table the painter imports, js/package.json and js/package-lock.json (the lock pins the esbuild that makes
// the bundle). Files are taken in the order of their paths relative to the repository (with "/"), and each
// contributes `<path>\n<byte length>\n<bytes>` to the hash, its bytes as they are on disk.
//
//   node build.mjs            the minified bundle (npm run build)
//   node build.mjs --dev      a readable bundle in js/dist/widget.readable.js (npm run build:dev)
//   node build.mjs --outfile F   the minified bundle written to F instead
//   node build.mjs --hash     print the sources' hash and exit
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const JS_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.dirname(JS_DIR);
export const SOURCES = ["js/src", "illumi_widgets/widget/icons.json", "js/package.json", "js/package-lock.json"];
export const BANNER_PREFIX = "// illumi_widgets bundle: sources sha256 ";
export const BUNDLE = "illumi_widgets/widget/static/widget.js";

function walk(dir, rel, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const r = `${rel}/${entry.name}`;
    if (entry.isDirectory()) walk(full, r, out);
    else if (entry.isFile()) out.push(r);
  }
}

const byPath = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** The source files (paths relative to `root`, with "/"), in hashing order. A missing source is skipped. */
export function sourceFiles(root = ROOT) {
  const out = [];
  for (const rel of SOURCES) {
    const full = path.join(root, ...rel.split("/"));
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) walk(full, rel, out);
    else out.push(rel);
  }
  return out.sort(byPath);
}

/** The hex sha256 of the sources under `root`. */
export function sourcesHash(root = ROOT) {
  const h = createHash("sha256");
  for (const rel of sourceFiles(root)) {
    const bytes = readFileSync(path.join(root, ...rel.split("/")));
    h.update(`${rel}\n${bytes.length}\n`, "utf8");
    h.update(bytes);
  }
  return h.digest("hex");
}

export async function buildBundle({ dev = false, outfile } = {}) {
  const { build } = await import("esbuild");
  const out = outfile ?? (dev ? path.join(JS_DIR, "dist", "widget.readable.js") : path.join(ROOT, ...BUNDLE.split("/")));
  await build({
    entryPoints: [path.join(JS_DIR, "src", "index.js")],
    bundle: true,
    format: "esm",
    target: "es2020",
    minify: !dev,
    legalComments: "none",
    banner: { js: `${BANNER_PREFIX}${sourcesHash()}` },
    outfile: out,
    logLevel: "info",
  });
  return out;
}

async function main(argv) {
  if (argv.includes("--hash")) {
    process.stdout.write(`${sourcesHash()}\n`);
    return;
  }
  const at = argv.indexOf("--outfile");
  const outfile = at >= 0 ? path.resolve(argv[at + 1]) : undefined;
  await buildBundle({ dev: argv.includes("--dev"), outfile });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err && err.message ? err.message : err);
    process.exit(1);
  });
}
