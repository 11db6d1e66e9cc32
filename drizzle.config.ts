import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  // Every area keeps its tables in its own schema.ts.
  schema: "./workers/api/src/*/schema.ts",
  out: "./migrations",
});
