import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'

let t0 = performance.now()
const a = new PGlite()
await a.query('select 1')
console.log('plain', performance.now() - t0)
t0 = performance.now()
const pg = new PGlite({ extensions: { vector } })
await pg.exec('CREATE EXTENSION IF NOT EXISTS vector; create table t(x int);')
console.log('vector', performance.now() - t0)
t0 = performance.now()
const dump = await pg.dumpDataDir('none')
console.log('dump', performance.now() - t0, dump.size)
t0 = performance.now()
const b = new PGlite({ extensions: { vector }, loadDataDir: dump })
await b.query('select * from t')
console.log('load', performance.now() - t0)
