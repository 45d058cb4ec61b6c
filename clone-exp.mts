import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
const t = () => performance.now();
let s = t();
const a = new PGlite({ extensions: { pg_trgm } }); await a.waitReady;
console.log("fresh", (t()-s).toFixed(0)); s = t();
await migrate(drizzle(a) as never, { migrationsFolder: "/work/main/drizzle" });
console.log("migrate", (t()-s).toFixed(0)); s = t();
const blob = await a.dumpDataDir("none");
console.log("dump", (t()-s).toFixed(0), blob.size); 
for (let i = 0; i < 3; i++) {
s = t();
const b = new PGlite({ extensions: { pg_trgm }, loadDataDir: blob }); await b.waitReady;
const r = await b.query("select count(*) from drizzle.__drizzle_migrations");
console.log("load", (t()-s).toFixed(0), r.rows);
s = t();
await migrate(drizzle(b) as never, { migrationsFolder: "/work/main/drizzle" });
console.log("noop migrate", (t()-s).toFixed(0));
await b.close();
}
s = t();
const c = await a.clone(); 
console.log("clone", (t()-s).toFixed(0));
