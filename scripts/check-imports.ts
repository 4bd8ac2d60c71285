import { parseCircular, parseDependencyTree } from 'dpdm'

/**
 * `bun run check:imports`: fails on any import circle in src, db or web (type-only and dynamic
 * imports count too: a circle of types still ties the files into one unit a reader has to take
 * whole) and on any import from db/ into src/ (the schema stands below the features that use it).
 * Prints each offending chain.
 */
const tree = await parseDependencyTree(['{src,db,web}/**/*.{ts,tsx}'], {
  tsconfig: 'tsconfig.json',
  // Untransformed, so that imports used only as types are kept in the graph.
  transform: false,
  skipDynamicImports: false,
})

const circles = parseCircular(tree, false)
for (const circle of circles) console.log(`import circle: ${[...circle, circle[0]].join(' -> ')}`)

const upward = new Set<string>()
for (const [file, dependencies] of Object.entries(tree)) {
  // A test of the db layer may start the app to prove it (src/test's harness); the code may not.
  if (!file.startsWith('db/') || file.endsWith('.test.ts')) continue
  for (const dependency of dependencies ?? []) {
    if (dependency.id?.startsWith('src/')) upward.add(`${file} -> ${dependency.id}`)
  }
}
for (const chain of upward) console.log(`import from db/ into src/: ${chain}`)

const files = Object.keys(tree).filter((file) => /^(src|db|web)\//.test(file)).length
if (circles.length > 0 || upward.size > 0) {
  console.log(
    `check:imports: ${circles.length} circles, ${upward.size} imports from db/ into src/ (${files} modules)`,
  )
  process.exit(1)
}
console.log(`check:imports: no import circle, no import from db/ into src/ (${files} modules)`)
